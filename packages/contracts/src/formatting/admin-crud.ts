import { Type } from '@sinclair/typebox';
import { IdParamsSchema, MessageSchema } from '../common.js';
import { defineRoute } from '../route.js';

// The routes of the admin console's four formatter lists, which share one create/read/update/
// delete shape; internal to the package (the contracts are FormattingRoutes' entries).

const adminTags = ['formatting', 'admin'];

/** Four admin lists with the same create/read/update/delete shape. */
export function adminCrud<
  TItem extends ReturnType<typeof Type.Object>,
  TCreate extends ReturnType<typeof Type.Object>,
  TUpdate extends ReturnType<typeof Type.Partial>,
>(options: { path: string; what: string; item: TItem; create: TCreate; update: TUpdate }) {
  const { path, what, item, create, update } = options;
  const access = 'admin';
  return {
    list: defineRoute({
      method: 'GET',
      url: path,
      access,
      summary: `List ${what}`,
      tags: adminTags,
      response: { 200: Type.Array(item) },
    }),
    create: defineRoute({
      method: 'POST',
      url: path,
      access,
      summary: `Create ${what}`,
      tags: adminTags,
      body: create,
      response: { 201: item },
    }),
    update: defineRoute({
      method: 'PUT',
      url: `${path}/:id`,
      access,
      summary: `Edit ${what}`,
      tags: adminTags,
      params: IdParamsSchema,
      body: update,
      response: { 200: item },
    }),
    remove: defineRoute({
      method: 'DELETE',
      url: `${path}/:id`,
      access,
      summary: `Delete ${what}`,
      tags: adminTags,
      params: IdParamsSchema,
      response: { 200: MessageSchema },
    }),
  };
}
