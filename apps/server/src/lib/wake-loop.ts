type Listen = (channel: string, onPayload: () => void) => Promise<() => Promise<void>>;

/**
 * The background loop of a queue worker (the e-mail sender, the job runner): runs `runOnce` again at once
 * when it reports more work or was woken during the run, else after `pollMs` or a wake-up, whichever comes
 * first. A NOTIFY on `channel` wakes it, so work queued in any app instance starts without waiting for the
 * poll; without notifications polling still gets to it, only later.
 */
export class WakeLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /** Set by every wake-up; the loop checks it before sleeping so a wake-up during a run is not lost. */
  private poked = false;
  private wakeSleeper: (() => void) | null = null;

  /** `runOnce` answers whether more work may be waiting right now (a full batch). */
  constructor(private readonly runOnce: () => Promise<boolean>) {}

  /** True once notifications wake the loop. */
  get listening(): boolean {
    return this.unlisten !== null;
  }

  start(pollMs: number, notify?: { listen: Listen; channel: string }): void {
    if (this.running) return;
    this.running = true;
    notify
      ?.listen(notify.channel, () => this.wake())
      .then(async (unlisten) => {
        if (this.running) this.unlisten = unlisten;
        else await unlisten();
      })
      .catch(() => {
        /* no notifications: polling still does the work, only later */
      });
    this.loop = this.work(pollMs);
  }

  private async work(pollMs: number): Promise<void> {
    while (this.running) {
      this.poked = false;
      let more = false;
      try {
        more = await this.runOnce();
      } catch {
        /* database briefly unavailable: try again after the pause */
      }
      if (!this.running) break;
      if (more || this.poked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakeSleeper = done;
      });
      this.wakeSleeper = null;
    }
  }

  /** Makes the loop look for work now. */
  wake(): void {
    this.poked = true;
    this.wakeSleeper?.();
  }

  /** Stops the loop, waiting at most `waitMs` for the run in hand (its unfinished work is picked up again later). */
  async stop(waitMs: number): Promise<void> {
    this.running = false;
    this.wakeSleeper?.();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    if (this.loop) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.loop, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
      this.loop = null;
    }
  }
}
