import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle, Db } from '../db/database';
import type { EventBus } from './lib/events';
import type { Cache } from './lib/cache';
import type { Clock } from './lib/clock';
import type { TokenKeys } from './lib/tokens';
import type { PaymentGateway } from './lib/payments/gateway';
import type { Lifecycle } from './lib/lifecycle';
import type { Reads } from './lib/reads';

/**
 * Everything a service needs from the outside world, built once in buildApp and
 * handed to every request context. Later domains add their adapters here
 * (payment gateway, mailer, identity provider).
 */
export interface AppDeps {
  config: Config;
  dbh: DatabaseHandle;
  db: Db;
  bus: EventBus;
  cache: Cache;
  clock: Clock;
  log: FastifyBaseLogger;
  tokenKeys: TokenKeys;
  /** Razorpay when keys are configured, else the built-in test gateway. */
  payments: PaymentGateway;
  /** Reads that may lag: a read replica when configured, read-your-writes for who just wrote (decision 176). */
  reads: Reads;
  /** Draining (SIGTERM) or serving. */
  lifecycle: Lifecycle;
}
