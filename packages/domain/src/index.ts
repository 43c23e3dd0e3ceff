export type { ActionContext, RequestActionInput } from './actions.ts';
export {
  ACTION_MESSAGES,
  canSetAutoRespond,
  canUseButton,
  DO_NOT_SEND_REASONS,
  LIMIT_DAYS,
  namesGroup,
  OTHER_REASON,
  REQUEST_KEY_HEADER,
  RequestActionInputSchema,
  reasonComment,
  SEND_REASONS,
  visibleButtons,
} from './actions.ts';
export type { ClientConfig } from './client-config.ts';
export {
  CLIENT_CONFIG_PATH,
  ClientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  DEFAULT_FORMS_BASE_URL,
} from './client-config.ts';
export { isDashboardLocked, isDashboardSettingsAdmin } from './dashboard-lock.ts';
export type { RowDisplayState } from './display/alert-state.ts';
export {
  alertSubject,
  isAnsweredRowState,
  isArchivedAlert,
  narcoticsQuantityRemaining,
  rowDisplayState,
  unreadFirst,
} from './display/alert-state.ts';
export { formatCountdown } from './display/countdown.ts';
export { durationInWords } from './display/duration.ts';
export {
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  relativeTime,
  withDisplayZone,
} from './display/format.ts';
export type { HighCostFlags } from './display/high-cost.ts';
export { HIGH_COST_STAGES, highCostStage, highCostStatus, highCostStatusColor } from './display/high-cost.ts';
export { isStale, STALE_AFTER_MINUTES, updatedAgeLabel } from './display/staleness.ts';
export type { BadgeColor } from './display/status.ts';
export {
  priorAuthBadgeColor,
  SRX_STATUS_LABELS,
  srxStatusLabel,
  statusBadgeColor,
} from './display/status.ts';
export {
  APP_LIVE_EVENT,
  buildUrl,
  DRAWN_VIEW_ATTRIBUTE,
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_TAG_ATTRIBUTE,
  EARLY_TAG_LENGTH,
  EARLY_TAG_PREFIX,
  type EarlyPage,
  earlyPageOf,
  earlyUrls,
  FACILITIES_URL,
  FILL_COOKIE,
  type FillView,
  firstPageUrl,
  formatFillCookie,
  type ListNarrowing,
  parseFillCookie,
  parseZoneCookie,
  type QueryValue,
  SERVER_RENDERED_ATTRIBUTE,
  TOKEN_INFO_URL,
  ZONE_COOKIE,
} from './early-requests.ts';
export { API_BASE, ENDPOINTS, FILE_BASE, FILE_ENDPOINTS, PAGE_LIMIT } from './endpoints.ts';
export { FACILITY_FILTER_PARAM, facilityFilterIds, INT4_MAX, MAX_FACILITY_IDS } from './facility-filter.ts';
export {
  LIST_SORT_ORDER_PARAM,
  LIST_SORT_PARAM,
  type ListSort,
  listSortColumns,
  listSortOf,
  TABLE_COLUMNS,
  type TableColumn,
  type TableSortName,
  tableColumnsOf,
} from './list-sort.ts';
export { httpErrorToast, MESSAGES, tooManyAttemptsMessage } from './messages.ts';
export type { PermissionMap } from './permissions.ts';
export {
  allActionKeys,
  allFacilityPermissionKeys,
  allPharmacyPermissionKeys,
  askActionKeys,
  canMarkAutomatically,
  canMarkManually,
  FACILITY_ADMIN_PERMISSIONS,
  hasAll,
  PHARMACY_ADMIN_PERMISSIONS,
  READ_PERMISSIONS,
  toPermissionMap,
  userRoleKeys,
} from './permissions.ts';
export type {
  PharmacyRoleEntry,
  PharmacyStanding,
  PharmacyUserAction,
  PharmacyUserTarget,
} from './pharmacy-admin.ts';
export {
  isPharmacyUserManager,
  mayActAtPharmacy,
  mayActOnPharmacyUser,
  mayAddPharmacyToUser,
  mayAdministerPharmacyUsers,
  mayAssignPharmacyRole,
  mayChangePharmacyRole,
  mayRemoveFromPharmacy,
  PHARMACY_ADMIN_MESSAGES,
  pharmaciesOffered,
  pharmacyForUserAction,
  sharedPharmacies,
} from './pharmacy-admin.ts';
export type { FacilityRole, PharmacyRole, RoleOption, UserType } from './roles.ts';
export {
  FACILITY_ADMIN_ROLES,
  FACILITY_ROLES,
  PHARMACY_ROLES,
  PHARMACY_USER_MANAGER_ROLES,
  roleLabel,
  USER_TYPES,
} from './roles.ts';
export type { MediprocityInput, UserSettingInput } from './schemas/account.ts';
export {
  CREDENTIALS_MESSAGES,
  MediprocityAnswerSchema,
  MediprocityInputSchema,
  SETTINGS_LOCKED_MESSAGE,
  UserSettingInputSchema,
} from './schemas/account.ts';
export type { OwnPasswordForm } from './schemas/account-edit.ts';
export {
  DisplayNameFormSchema,
  ownPasswordFormSchema,
  PhoneFormSchema,
  TitleFormSchema,
} from './schemas/account-edit.ts';
export {
  ALERT_ID_MESSAGES,
  ALERT_IDENTIFIER_MAX,
  alertIdentifier,
} from './schemas/alert-ids.ts';
export type { AlertListQuery } from './schemas/alert-list.ts';
export {
  AlertListQuerySchema,
  archiveRangeProblems,
  DATE_RANGE_MESSAGES,
  PagedAlertListSchema,
  unpagedAlertListSchema,
} from './schemas/alert-list.ts';
export type { AlertBase, AnyAlert, RequestedAction } from './schemas/alerts.ts';
export {
  AlertBaseSchema,
  AnyAlertSchema,
  alertSchemaOf,
  RequestedActionSchema,
  WIDGET_FIELD_SCHEMAS,
  WidgetKeySchema,
} from './schemas/alerts.ts';
export type { AuditEvent, AuditFilters, AuditOutcome, AuditPage, AuditQuery } from './schemas/audit.ts';
export {
  AUDIT_CSV_COLUMNS,
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  AUDIT_OUTCOMES,
  AUDIT_PAGE,
  AUDIT_READER_ROLE,
  AuditEventSchema,
  AuditPageSchema,
  AuditQuerySchema,
  readsAudit,
} from './schemas/audit.ts';
export type {
  AuthenticateInput,
  EntityRole,
  LoginAnswer,
  LoginInput,
  MessageAnswer,
  UserInfo,
  UserSettings,
} from './schemas/auth.ts';
export {
  AuthenticateInputSchema,
  EntityRoleSchema,
  LoginAnswerSchema,
  LoginInputSchema,
  MediprocityInfoSchema,
  MessageAnswerSchema,
  TokenAnswerSchema,
  TokenInfoAnswerSchema,
  UserInfoSchema,
  UserSettingsSchema,
} from './schemas/auth.ts';
export type { ReleaseNote, ReleaseNoteInput, Version, VersionInput } from './schemas/content.ts';
export {
  CONTENT_MESSAGES,
  ContentIdParamsSchema,
  canManageContent,
  compareVersions,
  hasVisibleText,
  ReleaseNoteAnswerSchema,
  ReleaseNoteInputSchema,
  ReleaseNoteSchema,
  ReleaseNotesAnswerSchema,
  RICH_TEXT_POLICY,
  seesPharmacyContent,
  sortReleaseNotes,
  sortVersions,
  VersionAnswerSchema,
  VersionInputSchema,
  VersionSchema,
  VersionsAnswerSchema,
} from './schemas/content.ts';
export type { ApiErrorBody } from './schemas/errors.ts';
export { ApiErrorBodySchema, ERROR_CODES } from './schemas/errors.ts';
export type { AlertEvent, AlertEventKind } from './schemas/events.ts';
export {
  ALERT_EVENT_KINDS,
  AlertEventKindSchema,
  AlertEventSchema,
  EVENT_REPLAY_LIMIT,
  EVENT_STREAM,
} from './schemas/events.ts';
export type { FacilitySettingInput, SettingsWidget } from './schemas/facility-settings.ts';
export {
  AUTO_RESPOND_OPTIONS,
  DeleteContactInputSchema,
  EditContactInputSchema,
  FacilitySettingAnswerSchema,
  FacilitySettingInputSchema,
  REMINDER_EMAIL_PATTERN,
  ReminderEmailSchema,
  SETTING_DEFAULTS,
  SETTING_LIMITS,
  SETTING_NAMES,
  SETTINGS_MESSAGES,
  SETTINGS_WIDGETS,
} from './schemas/facility-settings.ts';
export type {
  CreateFileInput,
  FileItem,
  FileTreePlace,
  PreRestoreAnswer,
  RestoreInput,
  UpdateFileInput,
  UploadAnswer,
} from './schemas/files.ts';
export {
  aboutFile,
  Base64AnswerSchema,
  CreateFileInputSchema,
  CreateFolderFormSchema,
  DeletedParentSchema,
  deletedFromFolder,
  FILE_MESSAGES,
  FILE_NEW_MINUTES,
  FileAnswerSchema,
  FileChangeAnswerSchema,
  FileIdParamsAltSchema,
  FileIdParamsSchema,
  FileItemSchema,
  FOLDER_ZIP_MAX_MB,
  FolderAnswerSchema,
  FolderNamesAnswerSchema,
  FolderNamesInputSchema,
  fileErrorToast,
  fileExtension,
  fileNameField,
  fileNameProblem,
  filesEditKey,
  folderZipName,
  isNewFile,
  mayDownload,
  mayUseRecyclingBin,
  PreRestoreAnswerSchema,
  programNameProblem,
  RecyclingBinAnswerSchema,
  RenameFormSchema,
  RestoreInputSchema,
  renameProblem,
  restoreDestinations,
  sameFileTree,
  TopLevelFoldersAnswerSchema,
  treeFolderOf,
  truncateFolderName,
  UpdateFileInputSchema,
  UploadAnswerSchema,
  uploadChoiceProblem,
  uploadedMessage,
} from './schemas/files.ts';
export { int4IdText, queryInt } from './schemas/ids.ts';
export type { IngestAlert, IngestAnswer } from './schemas/ingest.ts';
export {
  INGEST_DERIVED_FIELDS,
  INGEST_MAX_BATCH,
  INGEST_WIDGET_FIELDS,
  IngestAnswerSchema,
  IngestCommonFields,
  ingestAlertSchemaOf,
  ingestBatchSchemaOf,
  ingestedListFields,
} from './schemas/ingest.ts';
export type {
  MfaChallengeAnswer,
  MfaEnrolConfirmInput,
  MfaEnrolStartAnswer,
  MfaLoginInput,
  MfaProofInput,
  MfaRecoveryCodesAnswer,
  MfaStatus,
  PasswordStepAnswer,
} from './schemas/mfa.ts';
export {
  isMfaAdmin,
  isMfaChallenge,
  isTotpCode,
  MFA_ADMIN_PHARMACY_ROLE,
  MFA_MESSAGES,
  MfaChallengeAnswerSchema,
  MfaEnrolConfirmInputSchema,
  MfaEnrolStartAnswerSchema,
  MfaLoginInputSchema,
  MfaProofInputSchema,
  MfaRecoveryCodesAnswerSchema,
  MfaStatusSchema,
  PasswordStepAnswerSchema,
  RECOVERY_CODE_COUNT,
  TokenStepAnswerSchema,
} from './schemas/mfa.ts';
export type { Facility, Pharmacy } from './schemas/organisations.ts';
export {
  FacilitiesAnswerSchema,
  FacilityAnswerSchema,
  FacilityContactSchema,
  FacilitySchema,
  FacilitySettingSchema,
  PharmaciesAnswerSchema,
  PharmacySchema,
  RolesAnswerSchema,
  RolesQuerySchema,
} from './schemas/organisations.ts';
export type { CreatedPharmacyKey, CreatePharmacyKeyInput, PharmacyKey } from './schemas/pharmacy-keys.ts';
export {
  CreatedPharmacyKeySchema,
  CreatePharmacyKeyInputSchema,
  canManagePharmacyKeys,
  managesAnyPharmacyKeys,
  PHARMACY_KEY_ADMIN_ROLE,
  PHARMACY_KEY_MESSAGES,
  PHARMACY_KEY_PREFIX,
  PharmacyKeyParamsSchema,
  PharmacyKeySchema,
  PharmacyKeysAnswerSchema,
} from './schemas/pharmacy-keys.ts';
export type {
  AddUserPharmaciesInput,
  CreatePharmUserForm,
  CreatePharmUserInput,
  PharmacyUser,
  PharmacyUserRules,
  RemovePharmacyInput,
  UserPharmacy,
} from './schemas/pharmacy-users.ts';
export {
  AddUserPharmaciesInputSchema,
  createPharmUserFormSchema,
  createPharmUserInputSchema,
  PharmacyEntitySchema,
  PharmacyUserSchema,
  PharmacyUsersAnswerSchema,
  pharmacyEmailField,
  RemovePharmacyInputSchema,
  UserPharmaciesAnswerSchema,
  UserPharmaciesQuerySchema,
  UserPharmacySchema,
} from './schemas/pharmacy-users.ts';
export type { AlertReadInput } from './schemas/read-state.ts';
export { AlertReadInputSchema, ReplyReadInputSchema } from './schemas/read-state.ts';
export type {
  ConfirmEmailInput,
  PasswordResetRequest,
  RegisterInput,
  ResetPasswordInput,
} from './schemas/registration.ts';
export {
  CONFIRM_LINK_HOURS,
  ConfirmEmailInputSchema,
  newPasswordPairSchema,
  PasswordResetRequestSchema,
  REGISTRATION_MESSAGES,
  RESET_LINK_MINUTES,
  registerFormSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from './schemas/registration.ts';
export { STORABLE_YEAR_MESSAGE, STORABLE_YEARS } from './schemas/storable-dates.ts';
export { isTimeZone, TimeZoneSchema } from './schemas/time-zone.ts';
export type {
  DrugDetail,
  PackingSlip,
  PackingSlipHeader,
  PackingSlipHeadersQuery,
  PatientDetail,
} from './schemas/totes.ts';
export {
  isoToUsDate,
  PackingSlipDetailsAnswerSchema,
  PackingSlipDetailsQuerySchema,
  PackingSlipHeaderSchema,
  PackingSlipHeadersAnswerSchema,
  PackingSlipHeadersQuerySchema,
  PackingSlipOpenAnswerSchema,
  PackingSlipOpenQuerySchema,
  PackingSlipSchema,
  SLIP_LINK_DAYS,
  TOTES_DEFAULT_RANGE_DAYS,
  TOTES_MESSAGES,
  totesRangeProblems,
  usDateToIso,
} from './schemas/totes.ts';
export {
  emailField,
  formatPhone,
  maskPhone,
  NAME_MIN_LENGTH,
  newPasswordField,
  optionalPhoneField,
  PHONE_DIGITS,
  ProfileVersionSchema,
  phoneDigits,
  USER_MESSAGES,
} from './schemas/user-fields.ts';
export type {
  AddFacilityUserForm,
  AddUserFacilitiesInput,
  AdminPasswordResetInput,
  AdminUser,
  CreateFacilityUserForm,
  CreateUserInput,
  DeleteUserInput,
  EditUserInfoAccount,
  EditUserInfoProfile,
  EditUserInput,
  RemoveFacilityInput,
  UserFacility,
} from './schemas/users.ts';
export {
  AddUserFacilitiesInputSchema,
  AdminPasswordResetAnswerSchema,
  AdminUserSchema,
  addFacilityUserFormSchema,
  adminPasswordResetInputSchema,
  createFacilityUserFormSchema,
  createUserInputSchema,
  DeleteUserInputSchema,
  EditUserInfoAccountSchema,
  EditUserInfoAnswerSchema,
  EditUserInfoProfileSchema,
  EditUserInputSchema,
  editUserInfoAccountSchema,
  FacilityUsersAnswerSchema,
  FacilityUsersQuerySchema,
  RemoveFacilityInputSchema,
  USER_ADMIN_MESSAGES,
  UserFacilitiesAnswerSchema,
  UserFacilitiesQuerySchema,
  UserFacilitySchema,
  UsersAnswerSchema,
} from './schemas/users.ts';
export type { FormPrefill, FormSetCode, SecureForm } from './secure-forms.ts';
export {
  buildFormLink,
  CONTRACTOR_VACCINE_FORM,
  FORM_SET_CODES,
  facilityForms,
  formSet,
  formSetCodeOf,
  pharmacyForms,
  pharmacyFormsRegion,
  SECURE_FORMS_MESSAGES,
  STATE_NAMES,
} from './secure-forms.ts';
export { seenOnce } from './seen-once.ts';
export { SESSION_TIMINGS, TOKEN_STORAGE_KEY } from './session.ts';
export type {
  AdminTarget,
  AdminViewer,
  UserRowActions,
  ViewerFacility,
} from './user-admin.ts';
export {
  addableRoles,
  canAddFacilityToUser,
  canAddUserToFacility,
  canChangeRole,
  canDeleteUser,
  canEditProfile,
  canEditUserSettings,
  canRemoveFromFacility,
  canResetPassword,
  effectivePermissions,
  isAdminLevel,
  PICKER_PAGE_SIZE,
  pickerFacilities,
  requestorIsAdmin,
  userDeleteKey,
  userEditKey,
  userRowActions,
} from './user-admin.ts';
export { defaultUserSettings, withDistinctSortOrders } from './user-settings.ts';
export { visibleWidgets } from './visible-widgets.ts';
export type { ActionValue, ActionVerb, Widget, WidgetButton, WidgetKey } from './widgets.ts';
export {
  ACTION_VALUES,
  actionPermissionKey,
  isWidgetKey,
  WIDGET_KEYS,
  WIDGETS,
  widgetByActionWidget,
  widgetByDetailPath,
  widgetByKey,
  widgetByPath,
  widgetSettingKeys,
} from './widgets.ts';
