import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';

/** Sends a text message. A real provider plugs in through configuration (SMS_SENDER). */
export interface SmsSender {
  send(phone: string, content: string, now: number): Promise<void>;
}

/** Default sender: stores the message in the sms_outbox table and writes a log line. */
export function outboxSender(db: Kysely<Database>, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, content, now) {
      await db.insertInto('sms_outbox').values({ phone, content, created_at: now }).execute();
      log.info({ phone, sms: content }, `短信发件箱 (SMS outbox) -> ${phone}: ${content}`);
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
