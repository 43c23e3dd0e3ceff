/**
 * The alert modal's scrolling panels (spec 1, section 2 and 9): the chat panel 400 px high, the detail lists at most
 * 330 px, and on a short screen (a tablet in landscape, a 768 px ward screen) less, in proportion to its height,
 * so the action buttons under them stay in view without scrolling the modal.
 */
export const CHAT_PANEL_HEIGHT = 'min(400px, 40vh)';
export const DETAIL_LIST_MAX_HEIGHT = 'min(330px, 31vh)';
