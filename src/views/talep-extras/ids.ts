/** The talep extras' action and callback ids (subscribers list, custom fields). */

export const ExtrasIds = {
  /** Subscribers list; value: talep id. */
  subscribe: 'talep_subs_subscribe',
  unsubscribe: 'talep_subs_unsubscribe',
  /** Custom fields list → the form; value: talep id. */
  editFields: 'talep_fields_edit',
  fieldsCallback: 'talep_fields',
} as const;
