/** Texts of the invoices page (part 2 section 8), verbatim where the spec gives them. */
export const NO_INVOICES = 'No invoices to show.';
/** Ours: the spec gives no text for a failed read. */
export const FETCH_FAILED = 'Error fetching invoices';
/** The status the list highlights (part 2 section 9). */
export const PAST_DUE = 'past-due';
