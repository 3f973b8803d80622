import { maskPhone } from '@merchant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';

/** Sends a text message. A real provider plugs in through configuration (SMS_SENDER). */
export interface SmsSender {
  send(phone: string, content: string, now: number): Promise<void>;
}

/**
 * Default sender: stores the message in the sms_outbox table and logs where it is — the row id and
 * the masked phone, never the text (it carries a verify code; logs travel further than the database).
 */
export function outboxSender(db: Kysely<Database>, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, content, now) {
      const row = await db.insertInto('sms_outbox').values({ phone, content, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const masked = maskPhone(phone);
      log.info({ smsOutboxId: row.id, phone: masked }, `短信已写入发件箱 (SMS outbox) sms_outbox.id=${row.id} -> ${masked}`);
    },
  };
}

/** Webhook sender: POSTs {phone, content} as JSON to SMS_WEBHOOK_URL (a gateway of the operator's choice). */
export function webhookSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(phone, content) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone, content }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
    },
  };
}

export function createSmsSender(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): SmsSender {
  return config.sms.sender === 'webhook' && config.sms.webhookUrl
    ? webhookSender(config.sms.webhookUrl, config.sms.webhookToken)
    : outboxSender(db, log);
}
