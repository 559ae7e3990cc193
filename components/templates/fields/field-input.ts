/** The look of the create-document form's inputs, shared by its field components. */
export const FIELD_INPUT = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500";
