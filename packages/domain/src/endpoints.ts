/** Every non-widget API path, written once. Paths are relative to the main API base unless noted. */
export const ENDPOINTS = {
  login: '/login',
  authenticate: '/users/authenticate',
  logout: '/logout',
  tokenInfo: '/tokeninfo',
  loginWithToken: '/loginWithToken',
  facilities: '/facilities',
  pharmacies: '/pharmacies',
  roles: '/roles',
  facility: '/facility/:facID',
  alertDetail: '/alerts/:key/:identifier',
  facilitySetting: '/facilitysetting',
  loginMediprocity: '/loginmediprocity',
  clearMediprocity: '/clearMediprocity',
  userSetting: '/usersetting',
  editFacilityContact: '/editfacisetting',
  deleteFacilityContact: '/deletefacicontact',
  requestAction: '/requestaction',
  requestActionRead: '/requestaction_readByFaci',
  events: '/events',
  audit: '/audit',
  packingSlipHeaders: '/packingslipheaders',
  packingSlipDetails: '/packingslipdetails',
  packingSlipDetailsOpen: '/packingslipdetailsopen',
  releaseNotes: '/releasenotes',
  releaseNote: '/releasenotes/:id',
  versions: '/versions',
  version: '/versions/:id',
  ingest: '/ingest/:key',
  pharmacyKeys: '/pharmacy-keys',
  pharmacyKey: '/pharmacy-keys/:id',
  register: '/users/register',
  confirmEmail: '/users/confirm',
  passwordReset: '/users/password-reset',
  resetPassword: '/resetPassword',
  editUserInfo: '/edituserinfo',
  pharmacyUsers: '/getpharmacyusers',
  userPharmacies: '/userpharmacies',
  createPharmacyUser: '/createpharmuser',
  addUserPharmacies: '/adduserpharmacies',
  removePharmacy: '/removepharmacy',
  facilityUsers: '/facilityusers',
  createUser: '/createuser',
  editUser: '/edituser',
  removeFacility: '/removefacility',
  getUsers: '/getusers',
  userFacilities: '/userfacilities',
  addUserFacilities: '/adduserfacilities',
  deleteUser: '/deleteuser',
  adminPasswordReset: '/adminpwdreset',
  /** Two-step sign-in (beyond the spec, issue 7). */
  loginMfa: '/login/mfa',
  mfa: '/mfa',
  mfaEnrol: '/mfa/enrol',
  mfaEnrolConfirm: '/mfa/enrol/confirm',
  mfaDisable: '/mfa/disable',
  mfaRecoveryCodes: '/mfa/recovery-codes',
} as const;

/** The file service's paths (spec 2, section 7), relative to FILE_BASE. */
export const FILE_ENDPOINTS = {
  topLevelFolders: '/topLevelFolders',
  folder: '/files/:id',
  file: '/files/:file_id',
  upload: '/upload',
  folderNames: '/files/foldernames',
  downloadBase64: '/downloadbase64/:id',
  /** Beyond the spec: the same bytes streamed, for big files. */
  download: '/download/:id',
  /** Beyond the spec: a folder's live subtree as a zip, streamed (spec 2's Download on a folder tile). */
  downloadFolder: '/download-folder/:id',
  recyclingBin: '/recycling-bin',
  preRestore: '/pre-restore/:id',
  restore: '/restore',
  permanentDelete: '/delete/files/:id',
} as const;

/** Base paths of the two services (the client reads them from configuration; these are the defaults). */
export const API_BASE = '/api';
export const FILE_BASE = '/fs';

/**
 * Largest and default page of every list call (spec 1, section 9). Kept here, beside the paths and away from the
 * zod schemas, so the web app's boot code (lib/early-requests.ts) can build a list URL without loading them.
 */
export const PAGE_LIMIT = 100;
