import { mediaCorpus } from '../../scripts/make-media-corpus.ts'

// Runs once in Vitest's main process before any test file. The media corpus
// (real encoders' defaults, issue 25) takes a minute or more to encode on a
// fresh clone; several test files use it. Encoded inside a test worker, the
// synchronous ffmpeg calls blocked that worker's event loop past Vitest's 60 s
// RPC timeout on a loaded machine ("Timeout calling onTaskUpdate", a failed
// run with every test passing), and each file that needed it encoded its own.
export default function setup() {
	mediaCorpus()
}
