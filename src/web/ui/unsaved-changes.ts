import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from './confirm';

/**
 * Leaving unsaved work asks first (issue #22 point 5). Every form with work not saved yet registers
 * a guard here (`useUnsavedChanges`; the kit's `useFormSubmit` does it for every form built on it).
 * The shell (`useLeaveGuard`) asks before a link, the breadcrumb, the side menu or the browser's
 * Back leaves the screen, and the browser asks before the tab is closed or reloaded; the kit's
 * `Modal` asks before Esc, its close button or a click outside closes a dialog holding a changed
 * form. Signing out (or a session ending) does not ask: the token is gone by then.
 */

/** The question asked, with its two answers named. */
export interface LeaveQuestion {
  title: string;
  message: string;
  /** Leaves (or closes the dialog). */
  leaveLabel: string;
  /** Stays where the work is. */
  stayLabel: string;
}

/** What leaving a changed form asks. */
export const DISCARD_QUESTION: LeaveQuestion = {
  title: 'Discard your changes?',
  message: 'You have changes that are not saved. If you leave now, they will be lost.',
  leaveLabel: 'Discard changes',
  stayLabel: 'Keep editing',
};

export interface UnsavedGuard {
  /** True while there is work that is not saved. */
  dirty: () => boolean;
  /** True when changed fields of this guard's form lie inside `root` (a dialog); default false. */
  dirtyWithin?: (root: Element) => boolean;
  question: LeaveQuestion;
  /** Whether closing or reloading the tab asks too (false for work the browser keeps as a draft). */
  onUnload: boolean;
}

/** The guards of every form on screen (the page's and its dialogs'). */
const guards = new Set<UnsavedGuard>();

/** The first guard with unsaved work, or null. */
export function unsavedWork(): UnsavedGuard | null {
  for (const g of guards) if (g.dirty()) return g;
  return null;
}

/** The first guard whose changed fields lie inside `root` (an open dialog), or null. */
export function unsavedWorkWithin(root: Element): UnsavedGuard | null {
  for (const g of guards) if (g.dirtyWithin?.(root)) return g;
  return null;
}

/** Asks `question`; resolves true to leave, false to stay. */
export const askToLeave = (question: LeaveQuestion) =>
  confirmAction(question.message, {
    title: question.title,
    confirmLabel: question.leaveLabel,
    cancelLabel: question.stayLabel,
    danger: true,
    focusCancel: true,
  });

/**
 * Registers a form's unsaved work while the calling component is mounted. `guard.dirty` is read
 * when the user is about to leave (so it may read refs: a form just saved can say false before it
 * re-renders).
 */
export function useUnsavedChanges(guard: Partial<UnsavedGuard> & Pick<UnsavedGuard, 'dirty'>) {
  const current = useRef(guard);
  current.current = guard;
  useEffect(() => {
    const registered: UnsavedGuard = {
      dirty: () => current.current.dirty(),
      dirtyWithin: (root) => current.current.dirtyWithin?.(root) ?? false,
      get question() {
        return current.current.question ?? DISCARD_QUESTION;
      },
      get onUnload() {
        return current.current.onUnload ?? true;
      },
    };
    guards.add(registered);
    return () => {
      guards.delete(registered);
    };
  }, []);
}

/** The sign-in screen: reached on signing out or when the session ended; never held back. */
const LOGIN_PATH = '/login';

/**
 * For the shell (AppLayout): holds back a move to another screen while a form has unsaved work and
 * asks `question` (the browser's Back included); asks the browser's own question before the tab is
 * closed or reloaded. A change of the query string alone (filters, tabs) is not held back.
 */
export function useLeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== LOGIN_PATH &&
      unsavedWork() !== null,
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const work = unsavedWork();
    void (work ? askToLeave(work.question) : Promise.resolve(true)).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      for (const g of guards) if (g.onUnload && g.dirty()) return event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);
}
