import { VaultMessages, VaultRoutes } from '@pv/contracts';
import { badRequest, registerRoute, tooManyRequests } from '@pv/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { anonymise } from '../anonymise/anonymise.js';
import type { KeyedHasher } from '../anonymise/hashing.js';
import type { VaultKysely } from '../db/types.js';
import { archiveConsult } from '../records/record.service.js';

export interface ConsultRouteDeps {
  db: VaultKysely;
  hasher: KeyedHasher;
  redis: Redis;
  namespace: string;
  maxPerHour: number;
}

/** Spec 1 §7: the workspace's call after a successful format (public: visitors format too). */
export function consultRoutes(app: FastifyInstance, deps: ConsultRouteDeps): void {
  registerRoute(app, VaultRoutes.archiveConsult, async (request, reply) => {
    const body = request.body;
    const formattedText = body.formattedText?.trim() ? body.formattedText : body.transcript;
    if (!formattedText?.trim())
      throw badRequest(VaultMessages.consultTextRequired, 'VAULT_TEXT_REQUIRED');

    // The route is public: a per-address ceiling keeps anyone from flooding the archive.
    const hour = Math.floor(Date.now() / 3_600_000);
    const limitKey = `${deps.namespace}consult-rate:${deps.hasher.ip(request.ip)}:${hour}`;
    const [[, calls]] = (await deps.redis
      .multi()
      .incr(limitKey)
      .expire(limitKey, 3_600)
      .exec()) as [[Error | null, number]];
    if (calls > deps.maxPerHour)
      throw tooManyRequests(VaultMessages.tooManyConsults, 'VAULT_CONSULT_RATE_LIMITED');

    const consult = anonymise(
      {
        source: 'client',
        consultId: body.consultId ?? null,
        formattedText,
        rawTranscript: body.rawTranscript ?? null,
        editedText: body.editedText ?? null,
        professional: body.professional ?? null,
        audioLengthSec: body.audioLengthSec ?? null,
        userId: request.principal?.userId ?? null,
        clientIp: request.ip,
        uf: body.uf ?? null,
        at: new Date(),
      },
      deps.hasher,
    );
    const result = await deps.db.transaction().execute((trx) => archiveConsult(trx, consult));
    return reply
      .code(result.created ? 201 : 200)
      .send({ consult_id: result.consultId, message: VaultMessages.archived });
  });
}
