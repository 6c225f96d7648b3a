import { durationSetting } from './duration.js';
import Joi from 'joi';
import { parseDuration } from '../clock.js';
import type { Env } from './config-error.js';

/** The visitor chat (spec 01, Visitor chat routes). */
export interface WidgetSettings {
  /** Idle lifetime of a visitor session; every message renews it. */
  sessionTtlMs: number;
  /** How long the previous session token stays valid after a rotation. */
  tokenGraceMs: number;
  /** How long POST /api/widget/messages holds for the AI reply before answering without it. */
  replyHoldMs: number;
  /** Messages of one session. */
  visitorPerMin: number;
  /** Messages from one client address on one channel, whatever session they come in (below channelPerMin: one client cannot fill a site's chat). */
  addressPerMin: number;
  /** New sessions (messages without a session token) from one client address on one channel. */
  sessionsPerAddressPerMin: number;
  /** Messages of a channel, from everyone. */
  channelPerMin: number;
  /** Comment lines on the event stream, so proxies and browsers keep it open. */
  heartbeatMs: number;
  /** Lifetime of a signed attachment address. */
  attachmentUrlTtlMs: number;
  /** Event streams open at once, across api processes: per session and per client address. */
  streamsPerSession: number;
  streamsPerAddress: number;
  /** Refused session tokens per client address per minute. */
  rejectedPerMin: number;
  /** Key of the session-token hashes and attachment signatures. */
  secret: string;
  /** Default cap of a tenant's widget AI spend per UTC day, in roubles; null = no cap. */
  dailyAiCapRub: string | null;
  /** Paid visitor turns (AI replies) one client address may start on one tenant's chats in an hour. */
  paidTurnsPerAddressPerHour: number;
}

/** The variables of the visitor chat's settings. */
export const WIDGET_ENV = {
  WIDGET_SECRET: Joi.string().min(32),
  WIDGET_SESSION_TTL: durationSetting('30d'),
  WIDGET_TOKEN_GRACE: durationSetting('2m'),
  WIDGET_REPLY_HOLD_MS: Joi.number().integer().min(0).max(20000).default(8000),
  WIDGET_RATE_VISITOR_PER_MIN: Joi.number().integer().min(1).default(30),
  WIDGET_RATE_CHANNEL_PER_MIN: Joi.number().integer().min(1).default(600),
  WIDGET_RATE_IP_PER_MIN: Joi.number().integer().min(1).default(60),
  WIDGET_RATE_SESSIONS_PER_IP_PER_MIN: Joi.number().integer().min(1).default(10),
  WIDGET_HEARTBEAT_MS: Joi.number().integer().min(100).default(15000),
  WIDGET_DAILY_AI_CAP_RUB: Joi.string().pattern(/^(\d+(\.\d{1,2})?|none)$/).default('300'),
  WIDGET_PAID_PER_IP_PER_HOUR: Joi.number().integer().min(1).default(20),
  WIDGET_ATTACHMENT_URL_TTL: durationSetting('10m'),
  WIDGET_STREAMS_PER_SESSION: Joi.number().integer().min(1).default(3),
  WIDGET_STREAMS_PER_IP: Joi.number().integer().min(1).default(20),
  WIDGET_RATE_REJECTED_PER_MIN: Joi.number().integer().min(1).default(30),
};

export function parseWidgetSettings(v: Env): WidgetSettings {
  return {
    sessionTtlMs: parseDuration(v.WIDGET_SESSION_TTL),
    tokenGraceMs: parseDuration(v.WIDGET_TOKEN_GRACE),
    replyHoldMs: v.WIDGET_REPLY_HOLD_MS,
    visitorPerMin: v.WIDGET_RATE_VISITOR_PER_MIN,
    addressPerMin: v.WIDGET_RATE_IP_PER_MIN,
    sessionsPerAddressPerMin: v.WIDGET_RATE_SESSIONS_PER_IP_PER_MIN,
    channelPerMin: v.WIDGET_RATE_CHANNEL_PER_MIN,
    heartbeatMs: v.WIDGET_HEARTBEAT_MS,
    attachmentUrlTtlMs: parseDuration(v.WIDGET_ATTACHMENT_URL_TTL),
    secret: v.WIDGET_SECRET,
    dailyAiCapRub: v.WIDGET_DAILY_AI_CAP_RUB === 'none' ? null : v.WIDGET_DAILY_AI_CAP_RUB,
    paidTurnsPerAddressPerHour: v.WIDGET_PAID_PER_IP_PER_HOUR,
    streamsPerSession: v.WIDGET_STREAMS_PER_SESSION,
    streamsPerAddress: v.WIDGET_STREAMS_PER_IP,
    rejectedPerMin: v.WIDGET_RATE_REJECTED_PER_MIN,
  };
}
