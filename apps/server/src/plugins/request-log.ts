import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
/** Fastify's logger is pino, which also answers whether a level is written. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * One line per request, written when it has been answered ("request completed" at info, "request
 * errored" at error when the answer failed), instead of Fastify's two (incoming and completed). At the
 * default level (warn) no request line is written; errors and warnings always are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if ((reply.log as PinoLogger).isLevelEnabled('info')) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * A request's logger that makes pino's child (the request id bound and serialised into every line)
 * only when the request writes a line. Most requests write none at the default level, and making the
 * child for each of them was a measurable part of every answer (issue 15, P1).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, opts?: object): FastifyBaseLogger {
    return this.real.child(bindings, opts);
  }

  silent(): void {}
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }
}

export interface LogSettings {
  /** LOG_LEVEL: fatal, error, warn (default), info, debug, trace or silent. */
  level: string;
  /** Where lines go instead of stdout (tests). */
  stream?: { write(line: string): void };
}

/**
 * The server's logging options for `Fastify()`: pino at `level` on stdout (written synchronously, so
 * no error line is lost in a crash), one line per request at info (off at the default warn), errors
 * always, and a request's child logger made only when it writes (decision 015).
 */
export function requestLogOptions({
  level,
  stream,
}: LogSettings): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  return {
    logger: stream ? { level, stream } : { level },
    logController: new OneLinePerRequest(),
    childLoggerFactory: (logger, bindings, opts) =>
      // A route's own level or serialisers need pino's real child from the start.
      opts.level || opts.serializers
        ? logger.child(bindings, opts)
        : (new RequestLogger(logger as PinoLogger, bindings) as unknown as FastifyBaseLogger),
  };
}
