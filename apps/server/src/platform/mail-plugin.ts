import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteOldMail, deliverDueMail, mailDelivery } from './mail.ts';

/**
 * Delivers the outbox on the scheduler, after the features' sweeps have queued their mail, and deletes the
 * messages done with for OUTBOX_KEEP_HOURS (not audited, like the other retentions).
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const delivery = mailDelivery(app.config.smtpUrl, app.config.mailFrom);
    app.addHook('onReady', async () => {
      app.jobs.add('mail', async (tx, now) => {
        await deliverDueMail(tx, delivery, now);
      });
      app.jobs.add('outbox-retention', async (tx, now) => {
        const removed = await deleteOldMail(tx, now);
        if (removed > 0) app.log.info({ removed }, 'removed old outbox messages');
      });
    });
    app.addHook('onClose', async () => {
      delivery.transport?.close?.();
    });
  },
  { name: 'mail', dependencies: ['scheduler'] },
);
