import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverDueMail, mailDelivery } from './mail.ts';

/** Delivers the outbox on the scheduler, after the features' sweeps have queued their mail. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const delivery = mailDelivery(app.config.smtpUrl, app.config.mailFrom);
    app.addHook('onReady', async () => {
      app.jobs.add('mail', async (tx, now) => {
        await deliverDueMail(tx, delivery, now);
      });
    });
    app.addHook('onClose', async () => {
      delivery.transport?.close?.();
    });
  },
  { name: 'mail', dependencies: ['scheduler'] },
);
