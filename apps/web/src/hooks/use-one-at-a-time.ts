import { useRef } from 'react';

/**
 * For a form that sends a change which must not be sent twice (a create, a restore): `begin()` answers false while
 * the last one is still on its way, so the caller sends nothing; pass `end` to the send's `onSettled`. The Submit
 * button's loading state alone does not stop a double click or Enter pressed twice: the mutation's pending state
 * renders a task after the first submit, and the second arrives before it, so the folder was created and the second
 * request's 'already exists' was shown over the dialog as if the create had failed.
 */
export function useOneAtATime(): { begin: () => boolean; end: () => void } {
  const onItsWay = useRef(false);
  return {
    begin: () => {
      if (onItsWay.current) return false;
      onItsWay.current = true;
      return true;
    },
    end: () => {
      onItsWay.current = false;
    },
  };
}
