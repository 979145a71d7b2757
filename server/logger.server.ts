import { pino } from 'pino'
import { getEnv } from './env.server.ts'

// One structured logger for the process; request loggers are its children
// carrying the request id.
export const logger = pino({
	level: getEnv().NODE_ENV === 'test' ? 'silent' : getEnv().LOG_LEVEL,
	base: { pid: process.pid },
	redact: {
		paths: ['req.headers.cookie', 'password', 'passwordConfirm', '*.password', 'token', '*.token'],
		censor: '[redacted]',
	},
})

export type Logger = typeof logger
