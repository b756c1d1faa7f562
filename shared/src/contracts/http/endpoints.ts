import { z } from 'zod';
import { PERM } from '../../permissions/codes';
import { pageSchema } from '../envelope';
import {
  currencySchema,
  editPasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  providerSchema,
  userInfoSchema,
} from './user';
import {
  roleCreateBodySchema,
  roleDeleteBodySchema,
  roleListQuerySchema,
  roleOptionSchema,
  roleRowSchema,
  roleUpdateBodySchema,
} from './role';
import {
  staffCreateBodySchema,
  staffCreateResultSchema,
  staffDeleteBodySchema,
  staffListQuerySchema,
  staffRowSchema,
  staffUpdateBodySchema,
} from './staff';
import { auditListQuerySchema, auditRowSchema } from './audit';

/**
 * Who may call an endpoint: `public` (no token), `session` (any signed-in account), or the list of
 * permission codes of which the account must hold at least one.
 */
export type Access = 'public' | 'session' | readonly string[];

/** One REST call of the wire contract. The gateway routes, guards and validates by it; OpenAPI is made from it. */
export interface EndpointDef {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the success envelope; `file` for an .xlsx download. */
  response: z.ZodType | 'file';
}

function def<const E extends EndpointDef>(e: E): E {
  return e;
}

export const endpoints = {
  login: def({
    method: 'POST',
    path: '/user/login',
    summary: 'Sign in with account name and password; returns a bearer token',
    tag: 'user',
    access: 'public',
    body: loginBodySchema,
    response: loginResultSchema,
  }),
  info: def({
    method: 'GET',
    path: '/user/info',
    summary: 'The signed-in account, its permission codes, providers and currencies',
    tag: 'user',
    access: 'session',
    response: userInfoSchema,
  }),
  editPassword: def({
    method: 'POST',
    path: '/user/editPassword',
    summary: "Change the signed-in account's password; ends its other sessions",
    tag: 'user',
    access: 'session',
    body: editPasswordBodySchema,
    response: z.null(),
  }),
  logout: def({
    method: 'POST',
    path: '/user/logout',
    summary: 'End this session (revokes the token)',
    tag: 'user',
    access: 'session',
    response: z.null(),
  }),
  providers: def({
    method: 'GET',
    path: '/base/providers',
    summary: 'Providers in the account scope',
    tag: 'base',
    access: 'session',
    response: z.array(providerSchema),
  }),
  currencies: def({
    method: 'GET',
    path: '/base/currencies',
    summary: 'Currencies in the account scope',
    tag: 'base',
    access: 'session',
    response: z.array(currencySchema),
  }),
  roleList: def({
    method: 'GET',
    path: '/permission/role/list',
    summary: 'Roles, paginated, searchable by name',
    tag: 'role',
    access: [PERM.ROLE],
    query: roleListQuerySchema,
    response: pageSchema(roleRowSchema),
  }),
  roleOptions: def({
    method: 'GET',
    path: '/permission/role/options',
    summary: 'Roles the account may assign (all codes within its own)',
    tag: 'role',
    access: [PERM.ROLE, PERM.STAFF],
    response: z.array(roleOptionSchema),
  }),
  roleCreate: def({
    method: 'POST',
    path: '/permission/role/create',
    summary: 'Create a role',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleCreateBodySchema,
    response: z.object({ id: z.number().int() }),
  }),
  roleUpdate: def({
    method: 'POST',
    path: '/permission/role/update',
    summary: 'Edit a role (not the super role)',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleUpdateBodySchema,
    response: z.null(),
  }),
  roleDelete: def({
    method: 'POST',
    path: '/permission/role/delete',
    summary: 'Delete a role no account uses (not the super role)',
    tag: 'role',
    access: [PERM.ROLE],
    body: roleDeleteBodySchema,
    response: z.null(),
  }),
  staffList: def({
    method: 'GET',
    path: '/permission/staff/list',
    summary: 'Staff accounts, paginated, searchable by account or nickname',
    tag: 'staff',
    access: [PERM.STAFF],
    query: staffListQuerySchema,
    response: pageSchema(staffRowSchema),
  }),
  staffCreate: def({
    method: 'POST',
    path: '/permission/staff/create',
    summary: 'Create a staff account',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffCreateBodySchema,
    response: staffCreateResultSchema,
  }),
  staffUpdate: def({
    method: 'POST',
    path: '/permission/staff/update',
    summary: 'Edit a staff account (not the super account)',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffUpdateBodySchema,
    response: z.null(),
  }),
  staffDelete: def({
    method: 'POST',
    path: '/permission/staff/delete',
    summary: 'Delete a staff account (not the super account, not oneself)',
    tag: 'staff',
    access: [PERM.STAFF],
    body: staffDeleteBodySchema,
    response: z.null(),
  }),
  auditList: def({
    method: 'GET',
    path: '/permission/audit/list',
    summary: 'Who changed which account, role or setting, and when',
    tag: 'audit',
    access: [PERM.PERMISSION],
    query: auditListQuerySchema,
    response: pageSchema(auditRowSchema),
  }),
} satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
