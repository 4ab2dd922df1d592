export {
  type ChatCompletionRequestBody,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
  type FakeResponder,
  type RecordedRequest,
  startFakeOpenAI,
} from './fake-openai.js';
