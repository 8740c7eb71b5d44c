// The only code that talks to the LLM: one chat-completions call with a JSON-schema
// response format, bounded in time, its answer parsed and checked by the caller's validator.
import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import {
  ANALYSIS_SETTINGS,
  type AnalysisSettings,
  type LlmSettings,
} from '../analysis.settings.js';

/** Why an LLM answer was not used. */
export type LlmFailure = 'timeout' | 'error' | 'invalid';

export class LlmCallError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmCallError';
  }
}

export interface JsonCompletionRequest<T> {
  /** Schema name sent to the server (letters, digits, _ and -). */
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly system: string;
  readonly user: string;
  /** Returns the typed value, or a string saying why the answer is unusable. */
  readonly validate: (value: unknown) => T | string;
  readonly signal?: AbortSignal;
}

@Injectable()
export class LlmClient {
  private readonly client: OpenAI | null;
  private readonly config: LlmSettings | null;

  constructor(@Inject(ANALYSIS_SETTINGS) settings: AnalysisSettings) {
    this.config = settings.llm;
    this.client = settings.llm
      ? new OpenAI({
          apiKey: settings.llm.apiKey,
          ...(settings.llm.baseUrl ? { baseURL: settings.llm.baseUrl } : {}),
          timeout: settings.llm.timeoutMs,
          maxRetries: 0,
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  get model(): string | null {
    return this.config?.model ?? null;
  }

  /** Throws LlmCallError('timeout' | 'error' | 'invalid'); never waits past the configured bound. */
  async completeJson<T>(request: JsonCompletionRequest<T>): Promise<T> {
    if (!this.client || !this.config) throw new LlmCallError('error', 'No LLM configured');
    const controller = new AbortController();
    const timeoutMs = this.config.timeoutMs;
    const timer = setTimeout(
      () =>
        controller.abort(new LlmCallError('timeout', `LLM did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onAbort = (): void => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.name, strict: true, schema: request.schema },
          },
        },
        { signal: controller.signal, timeout: timeoutMs, maxRetries: 0 },
      );
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      if (controller.signal.aborted || error instanceof OpenAI.APIConnectionTimeoutError) {
        throw new LlmCallError('timeout', `LLM did not answer within ${timeoutMs} ms`);
      }
      throw new LlmCallError(
        'error',
        `LLM call failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
    if (typeof content !== 'string' || content.trim() === '')
      throw new LlmCallError('invalid', 'LLM answered with no content');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new LlmCallError('invalid', 'LLM answer is not JSON');
    }
    const result = request.validate(parsed);
    if (typeof result === 'string')
      throw new LlmCallError('invalid', `LLM answer rejected: ${result}`);
    return result;
  }
}
