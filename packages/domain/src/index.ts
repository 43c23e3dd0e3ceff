export type { ActionContext, RequestActionInput } from './actions.ts';
export {
  ACTION_MESSAGES,
  canUseButton,
  DO_NOT_SEND_REASONS,
  LIMIT_DAYS,
  OTHER_REASON,
  RequestActionInputSchema,
  reasonComment,
  SEND_REASONS,
  visibleButtons,
} from './actions.ts';
export type { ClientConfig } from './client-config.ts';
export { CLIENT_CONFIG_PATH, ClientConfigSchema, DEFAULT_CLIENT_CONFIG } from './client-config.ts';
export type { RowDisplayState } from './display/alert-state.ts';
export {
  isArchivedAlert,
  narcoticsQuantityRemaining,
  rowDisplayState,
  unreadFirst,
} from './display/alert-state.ts';
export { formatCountdown } from './display/countdown.ts';
export { durationInWords } from './display/duration.ts';
export { formatBytes, formatDate, formatDateTime, formatMoney, relativeTime } from './display/format.ts';
export { HIGH_COST_STAGES, highCostStage, highCostStatus, highCostStatusColor } from './display/high-cost.ts';
export { isStale, STALE_AFTER_MINUTES, updatedAgeLabel } from './display/staleness.ts';
export type { BadgeColor } from './display/status.ts';
export { priorAuthBadgeColor, srxStatusLabel, statusBadgeColor } from './display/status.ts';
export { API_BASE, ENDPOINTS, FILE_BASE } from './endpoints.ts';
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
export type { FacilityRole, PharmacyRole, RoleOption, UserType } from './roles.ts';
export {
  FACILITY_ADMIN_ROLES,
  FACILITY_ROLES,
  PHARMACY_ROLES,
  PHARMACY_USER_MANAGER_ROLES,
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
export type { AlertListQuery } from './schemas/alert-list.ts';
export {
  AlertListQuerySchema,
  archiveRangeProblems,
  DATE_RANGE_MESSAGES,
  PAGE_LIMIT,
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
export type { ApiErrorBody } from './schemas/errors.ts';
export { ApiErrorBodySchema, ERROR_CODES } from './schemas/errors.ts';
export type { FacilitySettingInput, SettingsWidget } from './schemas/facility-settings.ts';
export {
  AUTO_RESPOND_OPTIONS,
  DeleteContactInputSchema,
  EditContactInputSchema,
  FacilitySettingAnswerSchema,
  FacilitySettingInputSchema,
  REMINDER_EMAIL_PATTERN,
  SETTING_DEFAULTS,
  SETTING_LIMITS,
  SETTING_NAMES,
  SETTINGS_MESSAGES,
  SETTINGS_WIDGETS,
} from './schemas/facility-settings.ts';
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
export type { AlertReadInput } from './schemas/read-state.ts';
export { AlertReadInputSchema, ReplyReadInputSchema } from './schemas/read-state.ts';
export {
  emailField,
  formatPhone,
  NAME_MIN_LENGTH,
  newPasswordField,
  optionalPhoneField,
  PHONE_DIGITS,
  phoneDigits,
  requiredPhoneField,
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
export { SESSION_TIMINGS, TOKEN_STORAGE_KEY } from './session.ts';
export type {
  AdminTarget,
  AdminViewer,
  UserRowActions,
  ViewerFacility,
} from './user-admin.ts';
export {
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
  pharmacyUserRights,
  pickerFacilities,
  requestorIsAdmin,
  userDeleteKey,
  userEditKey,
  userRowActions,
} from './user-admin.ts';
export { defaultUserSettings } from './user-settings.ts';
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
