import { mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { makeIntroCorpus } from './intro-corpus.ts'

// Runs once in Vitest's main process before any test file. The media corpus
// (real encoders' defaults, issue 25) takes a minute or more to encode on a
// fresh clone; several test files use it. Encoded inside a test worker, the
// synchronous ffmpeg calls blocked that worker's event loop past Vitest's 60 s
// RPC timeout on a loaded machine ("Timeout calling onTaskUpdate", a failed
// run with every test passing), and each file that needed it encoded its own.
// The intro corpus (twelve episodes of synthesised music, tests/support/intro-corpus.ts)
// did the same in the two marker test files on a fresh machine.
export default function setup() {
	mediaCorpus()
	makeIntroCorpus()
}
