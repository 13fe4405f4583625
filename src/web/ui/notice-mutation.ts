import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';

/** The `message` of an API answer (the success envelope), or undefined when it carries none. */
export function answerMessage(answer: unknown): string | undefined {
  return answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : undefined;
}

/** What `useNoticeMutation` does beside its notices. */
export interface NoticeMutationOptions<Answer, Vars> {
  /** After the green notice: reload, close, reset a field… */
  onSuccess?: (answer: Answer, vars: Vars) => void;
  /** After the red notice: e.g. flip a switch back to where it was. */
  onError?: (err: Error, vars: Vars) => void;
  /**
   * A string is shown when the answer carries no message ('Deleted.'); a function names the green
   * notice outright, whatever the answer says ('Room name updated').
   */
  successMessage?: string | ((answer: Answer, vars: Vars) => string);
  /** The red notice's title; 'Error' unless the spec names another ('An error occurred'). */
  errorTitle?: string;
}

/**
 * Spec 1 §8's rule for an action that is not a form (a delete link, a switch, a row's save): runs
 * `mutationFn(vars)` through TanStack Query; on success shows the answer's `message` (or
 * `successMessage`) as a green notice, then calls `onSuccess(answer, vars)`; on failure shows the
 * error's message (an `ApiError` carries the server's) as a red notice titled `errorTitle` ('Error'
 * unless given), then calls `onError(err, vars)`. Answers the mutation (`mutate`, `isPending`…).
 * Forms use `useFormSubmit` instead, which also puts field errors on the fields.
 */
export function useNoticeMutation<Vars = void, Answer = unknown>(
  mutationFn: (vars: Vars) => Promise<Answer>,
  { onSuccess, onError, successMessage, errorTitle = 'Error' }: NoticeMutationOptions<Answer, Vars> = {},
) {
  return useMutation<Answer, Error, Vars>({
    mutationFn,
    onSuccess: (answer, vars) => {
      const message =
        typeof successMessage === 'function'
          ? successMessage(answer, vars)
          : (answerMessage(answer) ?? successMessage);
      if (message) notifications.show({ color: 'green', message });
      onSuccess?.(answer, vars);
    },
    onError: (err, vars) => {
      notifications.show({ color: 'red', title: errorTitle, message: err.message });
      onError?.(err, vars);
    },
  });
}
