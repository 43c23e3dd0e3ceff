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
  facilityUsers: '/facilityusers',
  createUser: '/createuser',
  editUser: '/edituser',
  removeFacility: '/removefacility',
  getUsers: '/getusers',
  userFacilities: '/userfacilities',
  addUserFacilities: '/adduserfacilities',
  editUserInfo: '/edituserinfo',
  deleteUser: '/deleteuser',
  adminPasswordReset: '/adminpwdreset',
} as const;

/** Base paths of the two services (the client reads them from configuration; these are the defaults). */
export const API_BASE = '/api';
export const FILE_BASE = '/fs';
