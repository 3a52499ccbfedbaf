/**
 * The ARIA combobox pattern's attributes for a text input whose listbox offers suggestions
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): focus stays in the input, the active option
 * is named by aria-activedescendant while the listbox is open.
 */
export function comboboxInputProps(listboxId: string, expanded: boolean, activeOptionId: string | undefined) {
  return {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": expanded,
    "aria-controls": listboxId,
    "aria-activedescendant": expanded ? activeOptionId : undefined,
    autoComplete: "off",
  } as const;
}
