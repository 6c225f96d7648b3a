import Joi from 'joi';

/** A duration setting such as 500ms, 10s, 5m, 1h or 2d (parseDuration reads it), with its default. */
export const durationSetting = (defaultValue: string): Joi.StringSchema => Joi.string().pattern(/^[1-9]\d*(ms|s|m|h|d)$/).default(defaultValue);
