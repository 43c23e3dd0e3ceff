import type { UserType } from '@portal/domain';

/** The words a viewer reads for the facility's read state. */
export interface ReadStateWords {
  /** Said of an unread row. */
  unread: string;
  /** The badge of a pharmacy Reply the facility has not read. */
  unreadReply: string;
}

export const FACILITY_READ_WORDS: ReadStateWords = { unread: 'unread', unreadReply: 'New' };
const PHARMACY: ReadStateWords = { unread: 'unread at the facility', unreadReply: 'Unread by facility' };

/**
 * Read state is the facility's (spec 1, section 4). To the facility's own staff it is theirs: 'unread', 'New'. A
 * pharmacy user or super admin sees it but never changes it, and reads it as the facility's, not as their own queue.
 */
export const readStateWords = (userType: UserType): ReadStateWords =>
  userType === 'FacilityUser' ? FACILITY_READ_WORDS : PHARMACY;
