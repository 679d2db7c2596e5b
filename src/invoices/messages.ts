/** Texts of the invoices page, verbatim where the spec gives them. */
export const NO_INVOICES = 'No invoices to show.';
/** Ours: the spec gives no text for a failed read. */
export const FETCH_FAILED = 'Error fetching invoices';
/** The status the list highlights. */
export const PAST_DUE = 'past-due';
