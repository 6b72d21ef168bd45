/**
 * Error codes (SPEC §8). Every error the API answers carries one of these in `error` (problem+json), every
 * violation one in `code`; the UI translates them from `errors.<code>`. The HTTP status of each top-level code is
 * fixed here, once.
 */
export const ERROR_STATUS = {
  // generic
  bad_request: 400,
  client_type_required: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  invalid_refresh_token: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /**
   * An edit sent with `If-Match` (RFC 9110 §13.1.1) whose entity tag is no longer the record's: someone else changed
   * it since it was read (optimistic concurrency, issue 16). Nothing was changed; read it again (its new `ETag`).
   */
  edit_conflict: 412,
  /** A `PATCH` whose body is not `application/merge-patch+json` (SPEC §7: patches use merge-patch). */
  merge_patch_required: 415,
  /** A `multipart/form-data` body that cannot be read (truncated, no boundary, garbled part headers). */
  multipart_invalid: 400,
  validation_failed: 422,
  too_many_requests: 429,
  internal_error: 500,
  // domain conflicts and refusals
  main_contact_cannot_be_deleted: 400,
  client_not_found: 404,
  site_not_found: 404,
  contact_not_found: 404,
  intervention_not_found: 404,
  user_not_found: 404,
  pco_not_found: 404,
  // client import (issue 13; docs/decisions/012)
  import_not_found: 404,
  /** The import has started: its settings can no longer change. */
  import_not_editable: 409,
  /** Finished more than 7 days ago, not finished, or already undone. */
  import_not_undoable: 409,
  /** No row would be created or updated. */
  import_nothing_to_import: 409,
  // identity (issue 3; SPEC §7 "Authentication", "Self", "Users", "Invites", §8)
  /** The login attempt waiting for a two-factor code is unknown, consumed, or ended after 5 wrong codes. */
  two_factor_expired: 401,
  /** The e-mailed code is wrong or older than 10 minutes. */
  auth_code_invalid: 400,
  /** Reset link unknown or already used. */
  error_token_renew: 400,
  /** Reset link older than one hour: the UI sends the user to the token-expired page. */
  expired_token_renew: 410,
  /** One-time sign-in link unknown (`POST /security/easy-connect`). */
  invalid_easy_connect_token: 400,
  /** One-time sign-in link used, expired or replaced: the answer names the space (`pco_name`) for `/token-expires`. */
  expired_easy_connect_token: 410,
  invalid_invite_token: 404,
  expire_invite_token: 410,
  invalid_email_token: 400,
  expired_email_token: 410,
  /**
   * As an error (409): `PUT /api/me/validate-email/{token}` found the address taken by another account meanwhile. As
   * a violation (422) elsewhere: the address typed in a form is already used.
   */
  email_already_exist: 409,
  no_change_your_role: 400,
  /**
   * A role the actor may not grant (above its own rank, an owner role, another user type), or a member whose current
   * role it may not grant. 422, not 403: the web client treats any 403 as an expired token (SPEC §8: refresh, replay,
   * then logout), so a refusal a user can meet through the screens never answers 403.
   */
  chosen_role_not_allowed: 422,
  /**
   * An owner tried to change the e-mail address or the password of a member whose account also belongs to another
   * space: those credentials are the person's own (`PUT {users}/{ulid}`); the name, language and time zone still can.
   */
  account_shared_with_other_space: 409,
  /** Disabling, deleting or re-roling a member who is the referent of sites: `nb_referent_site` says how many. */
  user_is_referent: 409,
  /** Deleting a member who is an intervener of visits (their history would be lost): disable instead. */
  user_has_interventions: 409,
  invitation_not_found: 404,
  // spaces (issue 4)
  space_required: 400,
  invalid_space: 400,
  /**
   * `PUT /api/me/change-space` to a space type the account holds no active membership of (in an open space), or
   * during substitution. 409, not 403: a stale space selector can reach it, and any 403 logs the web user out.
   */
  space_not_allowed: 409,
  connected_on_pco_not_found: 404,
  connected_on_dealer_not_found: 404,
  dealer_not_found: 404,
  // equipment, telemetry and alerts (issue 5)
  equipment_not_found: 404,
  serial_number_already_exist: 409,
  equipment_not_a_gateway: 409,
  device_unauthorized: 401,
  alert_not_found: 404,
  alert_already_closed: 409,
  // the response clock and proposed visits (issue 15; docs/decisions/019)
  /** The alert has no proposed visit (not a termite or colony alert, or raised before proposals existed). */
  visit_proposal_not_found: 404,
  /** The proposed visit was already accepted or dismissed. */
  visit_proposal_already_decided: 409,
  // visit reports and the product catalogue (issue 12)
  /** A report unknown, or of another space (SPEC §8 "Report 404"). */
  report_not_found: 404,
  /** Editing a report (body, photos) that is no longer to process. */
  report_not_editable: 409,
  /** Sending or discarding a report that is no longer to process (already sent or discarded). */
  report_not_to_process: 409,
  /** Resending a report that was never sent (no frozen PDF). */
  report_not_sent: 409,
  /** Reopening a report that is not discarded. */
  report_not_discarded: 409,
  /** Recording a visit that already has its report. */
  report_already_exists: 409,
  /** Recording a visit whose start is still in the future. */
  intervention_not_past: 422,
  report_photo_not_found: 404,
  product_not_found: 404,
  // the technician API (issue 12; docs/decisions/011)
  /** A write of the technician API without an `Idempotency-Key` header (or one longer than 200 characters). */
  idempotency_key_required: 400,
  /** An `Idempotency-Key` header that is empty or longer than 200 characters (the web's creates, ADR 027). */
  idempotency_key_invalid: 400,
  /** The `Idempotency-Key` was already used for another request (method, path or body). */
  idempotency_key_reused: 422,
  /** The first request of this `Idempotency-Key` is still running: retry later. */
  idempotency_key_in_progress: 409,
  /** A write of a visit already completed through the technician API (or recorded on the web). */
  visit_completed: 409,
  // service contracts (issue 13; docs/decisions/013)
  contract_not_found: 404,
  contract_document_not_found: 404,
  // the translation tool (issue 14; docs/decisions/014)
  language_not_found: 404,
  /** Deleting one of the five bundled languages (fr, en, ja, it, pt). */
  language_bundled: 409,
  language_exists: 409,
  /** `language` is needed: the export of a one-language format. */
  language_required: 400,
  /** A key the catalogues do not have (or a plural form the language does not use). */
  translation_key_not_found: 404,
  /** Applying an import whose texts fail the checks, without `exclude_conflicts`: nothing was written. */
  translation_import_conflicts: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Violation codes (422 `violations[].code`), one per broken rule (SPEC §5, §8): `<field>_required` or
 * `<field>_invalid`, plus the named rules (`start_at_invalid` = before_now, `end_at_invalid` = before_start).
 */
export const VIOLATION_CODES = [
  'name_required',
  'company_invalid',
  'firstname_required',
  'firstname_invalid',
  'lastname_required',
  'lastname_invalid',
  'phone_required',
  'phone_invalid',
  'email_required',
  'email_invalid',
  'email_already_exist',
  'title_required',
  'notes_invalid',
  'contact_required',
  'contact_invalid',
  'client_required',
  'client_invalid',
  'site_required',
  'site_invalid',
  'type_required',
  'type_invalid',
  'interveners_required',
  'interveners_invalid',
  'start_at_required',
  'start_at_invalid',
  'end_at_required',
  'end_at_invalid',
  'description_invalid',
  'label_required',
  'address_required',
  'address_invalid',
  'latitude_invalid',
  'longitude_invalid',
  'area_required',
  'area_invalid',
  'referent_required',
  'referent_invalid',
  'work_type_invalid',
  'building_type_invalid',
  'termite_species_invalid',
  'treatment_type_invalid',
  'status_invalid',
  'estimated_equipment_invalid',
  'desired_installation_date_invalid',
  'password_required',
  'password_must_be',
  'value_invalid',
  /** A string holding a NUL character or a lone UTF-16 surrogate (text.ts), in any field of any request. */
  'text_invalid',
  // identity (issue 3)
  'new_password_required',
  'new_password_invalid',
  'current_password_required',
  'invalid_password',
  'passwords_do_not_match',
  'auth_code_required',
  'auth_code_invalid',
  'token_required',
  'language_required',
  'language_not_accepted',
  'timezone_required',
  'timezone_not_accepted',
  'invites_required',
  'email_entered_several_times',
  'role_required',
  'role_invalid',
  'chosen_role_not_allowed',
  'avatar_invalid',
  'avatar_too_large',
  'referent_sites_required',
  // spaces (issue 4)
  'erp_client_id_invalid',
  'erp_order_id_invalid',
  'dealer_required',
  'dealer_invalid',
  'logo_invalid',
  'logo_required',
  'referral_reseller_invalid',
  'new_owner_required',
  'new_owner_invalid',
  'confirmation_invalid',
  // equipment, telemetry and alerts (issue 5)
  'kind_invalid',
  'reference_required',
  'serial_number_required',
  'serial_number_invalid',
  'trap_type_required',
  'trap_type_invalid',
  'treatment_type_required',
  'masonry_invalid',
  'installed_at_invalid',
  'gateway_invalid',
  'picture_invalid',
  'from_invalid',
  'to_invalid',
  'period_invalid',
  'threshold_invalid',
  // the response clock and proposed visits (issue 15)
  'response_target_invalid',
  'dismiss_reason_required',
  'dismiss_note_required',
  'dismiss_note_invalid',
  // visit reports and the product catalogue (issue 12)
  'visit_started_at_required',
  'visit_started_at_invalid',
  'visit_ended_at_required',
  'visit_ended_at_invalid',
  'summary_invalid',
  'recommendations_invalid',
  'conducive_conditions_invalid',
  'customer_absent_invalid',
  'customer_signature_name_invalid',
  'station_invalid',
  'result_invalid',
  'action_invalid',
  'bait_consumed_invalid',
  'note_invalid',
  'product_required',
  'product_invalid',
  'quantity_invalid',
  'unit_invalid',
  'concentration_invalid',
  'method_invalid',
  'area_treated_invalid',
  'target_species_invalid',
  'applicator_invalid',
  'lot_invalid',
  'recipients_required',
  'recipients_invalid',
  'reason_required',
  'reason_invalid',
  'photo_invalid',
  'taken_at_invalid',
  'client_id_invalid',
  'active_ingredients_invalid',
  'registration_number_invalid',
  'register_invalid',
  'register_required',
  'is_bait_invalid',
  'archived_invalid',
  // the technician API (issue 12; docs/decisions/011)
  'device_name_required',
  'device_name_invalid',
  'refresh_token_required',
  'position_invalid',
  'at_invalid',
  'signature_invalid',
  'customer_signature_required',
  'reference_invalid',
  'licence_number_invalid',
  // client import (SPEC §8 "Import"; issue 13)
  'type_file_not_found',
  'type_invalid_file',
  'import_too_many_rows',
  'import_cell_too_large',
  'sheet_invalid',
  'header_row_invalid',
  'mapping_invalid',
  'duplicate_policy_invalid',
  // service contracts (issue 13; docs/decisions/013)
  'started_at_required',
  'started_at_invalid',
  'ended_at_required',
  'ended_at_invalid',
  'visit_rule_invalid',
  'visit_window_days_invalid',
  'preferred_technician_invalid',
  'price_invalid',
  'currency_invalid',
  'billing_period_invalid',
  'auto_renewal_invalid',
  'notice_period_days_invalid',
  'warranty_years_invalid',
  'document_invalid',
  // the translation tool (issue 14; docs/decisions/014)
  'language_code_invalid',
  'namespace_invalid',
  'key_invalid',
  'translation_value_required',
  'translation_value_invalid',
  'translation_placeholders_mismatch',
  'translation_html_forbidden',
  'translation_spaces_mismatch',
  'translation_plural_form_invalid',
  'translation_plural_forms_missing',
  'translation_file_invalid',
  // automatic reports (issue 15; docs/decisions/018)
  'frequency_invalid',
  'weekday_invalid',
  'month_day_invalid',
  'hour_invalid',
  'delivery_invalid',
  'all_clear_invalid',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** One broken rule of a 422 answer. `propertyPath` is dotted (`contact.phone`); `message` is in the request language. */
export interface Violation {
  propertyPath: string;
  message: string;
  code: string;
}

/** The problem+json body of every error answer (ARCHITECTURE §4). */
export interface ProblemBody {
  '@type': 'hydra:Error';
  title: string;
  detail: string;
  status: number;
  error: string;
  violations?: Violation[];
  /** The request id (`X-Request-Id`), as in the server logs. */
  request_id?: string;
}
