import { pino } from 'pino'
import { getEnv } from './env.server.ts'
import { redactDeep, redactSecrets } from './http/redact.ts'

// One structured logger for the process; request loggers are its children
// carrying the request id. Signed and sealed stream links are bearer
// credentials: every string logged, at any level, passes through
// redactSecrets (server/http/redact.ts).
export const logger = pino({
	level: getEnv().NODE_ENV === 'test' ? 'silent' : getEnv().LOG_LEVEL,
	base: { pid: process.pid },
	redact: {
		paths: ['req.headers.cookie', 'password', 'passwordConfirm', '*.password', 'token', '*.token'],
		censor: '[redacted]',
	},
	formatters: { log: (object) => redactDeep(object) as Record<string, unknown> },
	hooks: {
		logMethod(args, method) {
			method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>)
		},
	},
})

export type Logger = typeof logger
