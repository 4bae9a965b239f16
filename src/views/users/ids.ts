/** The users area's action, callback and block ids. */

export const UserIds = {
  newCallback: 'user_new',
  fieldsCallback: 'user_fields',
  editCallback: 'user_edit',
  /** Card buttons; value: the help-desk user id. */
  cardEdit: 'user_card_edit',
  cardFields: 'user_card_fields',
  cardDisable: 'user_card_disable',
  cardEnable: 'user_card_enable',
  cardDelete: 'user_card_delete',
  /** Merge confirmation; value: `{"from":{…},"into":{…}}` (user labels). */
  mergeConfirm: 'user_merge_confirm',
  mergeCancel: 'user_merge_cancel',
  /** Delete confirmation; value: `{"user":{…}}` (a user label). */
  deleteConfirm: 'user_delete_confirm',
  deleteCancel: 'user_delete_cancel',
  /** User list: Previous/Next (value `{"m":"all","p":2}`; ids unique within their block) and each row's Show (value: the user id). */
  listPrevious: 'user_list_previous',
  listNext: 'user_list_next',
  listShow: 'user_list_show',
} as const;

/** Block ids of the profile fields both user forms (new, edit) have. */
export const UserProfileBlocks = {
  username: 'username',
  email: 'email',
  password: 'password',
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  location: 'location',
  company: 'company',
  department: 'department',
} as const;
