import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  PORTAL_MESSAGES,
  type PortalCodeRequestInput,
  type PortalSignInInput,
  portalApi,
  portalCodeRequestInput,
  portalSignInInput,
} from '../../shared/api/portal';
import { pathTo } from '../../shared/routes';
import { ApiError, api } from '../api/client';
import { portalEndedNotice, savePortalSession, usePortalSignedIn } from '../api/portal-session';
import { zodValidate } from '../ui/zod-validate';
import { PortalFrame } from './PortalFrame';
import { usePortalOperator } from './portal-api';
import { telHref } from './portal-format';

/**
 * /my-booking/sign-in (issue #23): step 1, the booking reference and the lead passenger's surname
 * → POST portal/code, which always reads `PORTAL_MESSAGES.codeSent` (it never says whether they
 * matched); step 2, the six-digit code from the email → POST portal/sign-in → the booking. Field
 * errors (422) land on the fields, a refusal (wrong or expired code, 429 too many tries) shows as a
 * notice; 'Send a new code' goes back to step 1. Why an earlier session ended shows on top.
 */
export function PortalSignInPage() {
  const operator = usePortalOperator();
  const signedIn = usePortalSignedIn();
  const [ended] = useState(portalEndedNotice);
  const [step, setStep] = useState<'details' | 'code'>('details');
  const details = useForm<PortalCodeRequestInput>({
    mode: 'controlled',
    initialValues: { booking_ref: '', surname: '' },
    validate: zodValidate(portalCodeRequestInput),
  });
  const code = useForm<PortalSignInInput>({
    mode: 'controlled',
    initialValues: { booking_ref: '', code: '' },
    validate: zodValidate(portalSignInInput),
  });
  const navigate = useNavigate();

  const requestCode = useMutation({
    mutationFn: (values: PortalCodeRequestInput) => api.call(portalApi.requestCode, { body: values }),
    onSuccess: (_answer, values) => {
      code.setValues({ booking_ref: values.booking_ref, code: '' });
      setStep('code');
    },
    onError: (error) => {
      if (error instanceof ApiError) details.setErrors(error.fieldErrors);
    },
  });
  const signIn = useMutation({
    mutationFn: (values: PortalSignInInput) => api.call(portalApi.signIn, { body: values }),
    onSuccess: (answer) => {
      savePortalSession(answer.token, answer.expires_at);
      void navigate(pathTo('portal-booking'), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError) code.setErrors(error.fieldErrors);
    },
  });
  const back = () => {
    signIn.reset();
    requestCode.reset();
    setStep('details');
  };

  const phone = operator.data?.phone;
  if (signedIn) return <Navigate to={pathTo('portal-booking')} replace />;
  return (
    <PortalFrame title="Sign in to manage your booking" operator={operator.data} narrow>
      {ended !== null && !requestCode.isSuccess && (
        <Alert color="blue" variant="light" role="status">
          {ended || PORTAL_MESSAGES.sessionEnded}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Sign in">
        {step === 'details' ? (
          <form onSubmit={details.onSubmit((values) => requestCode.mutate(values))} noValidate>
            <Stack gap="md">
              <Text>
                Enter your booking reference and the lead passenger's surname. We will email a six-digit code
                to the address we hold for the booking.
              </Text>
              {requestCode.isError && !shownAtFields(requestCode.error, ['booking_ref', 'surname']) && (
                <Alert color="red" variant="light" role="alert">
                  {requestCode.error.message}
                </Alert>
              )}
              <TextInput
                label="Booking reference"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                size="md"
                {...details.getInputProps('booking_ref')}
              />
              <TextInput
                label="Lead passenger's surname"
                autoComplete="family-name"
                required
                size="md"
                {...details.getInputProps('surname')}
              />
              <Button type="submit" size="md" fullWidth disabled={requestCode.isPending}>
                {requestCode.isPending ? 'Sending...' : 'Email me a code'}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={code.onSubmit((values) => signIn.mutate(values))} noValidate>
            <Stack gap="md">
              <Alert color="teal" variant="light" role="status">
                {PORTAL_MESSAGES.codeSent}
              </Alert>
              {signIn.isError && !shownAtFields(signIn.error, ['code']) && (
                <Alert color="red" variant="light" role="alert">
                  {signIn.error.message}
                </Alert>
              )}
              <TextInput
                label="Six-digit code"
                description={`For booking ${code.values.booking_ref}. The code works for 10 minutes.`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                size="md"
                maw={260}
                styles={{
                  input: { fontSize: 22, letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
                }}
                autoFocus
                {...code.getInputProps('code')}
              />
              <Button type="submit" size="md" fullWidth disabled={signIn.isPending}>
                {signIn.isPending ? 'Signing in...' : 'Sign in'}
              </Button>
              <Anchor component="button" type="button" onClick={back} className="portal-tap">
                Send a new code
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
      {phone && (
        <Text size="sm">
          No email from us? Check your junk folder, or call {operator.data?.name} on{' '}
          <Anchor href={telHref(phone)}>{phone}</Anchor>.
        </Text>
      )}
    </PortalFrame>
  );
}

/** Whether the error names one of the form's `fields` (its message then sits at the field, not in a notice). */
const shownAtFields = (error: Error, fields: string[]) =>
  error instanceof ApiError && Object.keys(error.fieldErrors).some((f) => fields.includes(f));
