import type { ActionSubmission } from '../api/request-action.ts';

/** What every action dialog form receives. */
export interface ActionFormProps {
  onSubmit: (input: Omit<ActionSubmission, 'requestedAction'>) => void;
  onCancel: () => void;
  /** The action is on its way (from this dialog or one closed since): no second Submit until it is answered. */
  isSubmitting: boolean;
  /** Field messages of a 400 from the server (refusalAsShown). */
  serverFields: Record<string, string>;
  /** Why the server refused the action, where no field says it (refusalAsShown): shown at the form's foot. */
  refusalMessage: string | null;
  /** Where the form keeps what was typed or chosen and not yet sent (api/action-drafts.ts). */
  draftKey: string;
}

/** What a form whose action is on its way says beside its loading Submit (SubmittingStatus, a live region). */
export const SENDING_STATUS = 'Sending...';
