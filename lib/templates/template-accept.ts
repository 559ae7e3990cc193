/** Spec section 5: templates are .pdf, .doc or .docx (checked again by content on the server). */
export const TEMPLATE_ACCEPT =
  ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";
