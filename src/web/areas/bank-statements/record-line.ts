import { useQueryClient } from '@tanstack/react-query';
import { bankStatementsApi } from '../../../shared/api/bank-statements';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { confirmAction } from '../../ui/confirm';
import { useNoticeMutation } from '../../ui/notice-mutation';

export interface RecordVars {
  lineId: number;
  allocations: { booking_id: number; amount: string }[];
}

/** The payment form's overpayment question (PAYMENT_MESSAGES.overpaymentQuestion), maybe named by booking. */
const isOverpaymentQuestion = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.status === 422 && e.message.endsWith('Record it as an overpayment?');

/**
 * Records a bank line as BACS payments (POST bank-statement-lines/{id}/record). When an allocation
 * goes beyond what its booking owes, the server's question is asked as the staff payment form asks
 * it ('This is £X more than the balance. Record it as an overpayment?'); Yes sends it again with
 * `allow_overpayment`, No sends nothing. Reloads the statement and the bookings after.
 */
export function useRecordLine(onRecorded?: () => void) {
  const qc = useQueryClient();
  return useNoticeMutation(
    async ({ lineId, allocations }: RecordVars) => {
      const send = (allow: boolean) =>
        api.call(bankStatementsApi.record, {
          params: { id: lineId },
          body: { allocations, allow_overpayment: allow || undefined },
        });
      try {
        return await send(false);
      } catch (e) {
        if (!isOverpaymentQuestion(e)) throw e;
        const yes = await confirmAction(e.message, {
          title: 'Overpayment',
          confirmLabel: 'Record overpayment',
        });
        return yes ? send(true) : null;
      }
    },
    {
      onSuccess: (answer) => {
        void qc.invalidateQueries({ queryKey: keys.bankStatements.all });
        void qc.invalidateQueries({ queryKey: keys.bookings.all });
        if (answer) onRecorded?.();
      },
    },
  );
}
