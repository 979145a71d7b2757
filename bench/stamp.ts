// What every bench prints with its figures: the commit they were measured on
// and the machine's load average (on a shared machine a figure without its
// load cannot be compared with anything but a baseline of the same run).
import { spawnSync } from 'node:child_process'
import os from 'node:os'

/** The short commit, with "+changes" when tracked files differ from it. */
export const BENCH_COMMIT = (() => {
	const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
	const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' })
	return `${rev.stdout?.trim() || 'unknown'}${dirty.stdout?.trim() ? '+changes' : ''}`
})()

/** The 1-minute load average, two decimals. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(2)

/** "commit abc1234, load 3.21" */
export const benchStamp = () => `commit ${BENCH_COMMIT}, load ${loadAverage()}`
