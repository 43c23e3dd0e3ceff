/**
 * The alert modal's scrolling panels (spec 1, section 2 and 9): the chat panel 400 px high, the detail lists at most
 * 330 px, and on a short screen (a tablet in landscape, a 768 px ward screen) less, so the action buttons under them
 * stay in view without scrolling the modal.
 */
export const CHAT_PANEL_HEIGHT = 'min(400px, 40vh)';

/**
 * The chat panel above the pharmacy's Reply box, which takes ~140 px more of the modal: the screen's height less what
 * the rest of the tallest modal (an admission review's, with its print button) needs, 400 px once there is room.
 */
export const CHAT_PANEL_HEIGHT_WITH_REPLY = 'min(400px, calc(100vh - 480px))';

/** The Detail tab's one list (its fields). */
export const DETAIL_LIST_MAX_HEIGHT = 'min(330px, 31vh)';

/**
 * Each of the Detail tab's two lists (its fields, then the comments of a clarification or non-covered alert, or an
 * admission review's medications): they share what the screen has left, 330 px each once there is room (~1,050 px).
 */
export const DETAIL_LIST_PAIR_MAX_HEIGHT = 'min(330px, calc(50vh - 195px))';
