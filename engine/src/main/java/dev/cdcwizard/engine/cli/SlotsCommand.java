package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotSampleListener;
import dev.cdcwizard.engine.postgres.slot.SlotSampler;
import dev.cdcwizard.engine.postgres.slot.SlotWarning;
import dev.cdcwizard.engine.postgres.slot.SlotWarnings;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "slots", mixinStandardHelpOptions = true)
final class SlotsCommand extends PostgresCommand {
  private static final long MEGABYTE = 1024L * 1024L;

  @Option(names = "--slot", required = true, descriptionKey = "cli.help.common.slot")
  String slot;

  @Option(names = "--watch", descriptionKey = "cli.help.slots.watch")
  Integer watchSeconds;

  @Option(names = "--samples", defaultValue = "10", descriptionKey = "cli.help.slots.samples")
  int samples;

  @Option(names = "--warn-above", paramLabel = "MB", descriptionKey = "cli.help.slots.warnAbove")
  Long warnAboveMegabytes;

  @Override
  int run(Connection connection, PrintWriter out) throws SQLException {
    ReplicationSlots slots = new ReplicationSlots(connection);
    if (watchSeconds == null) {
      SlotGroupStatus status = slots.status(slot);
      SlotTablePrinter.print(status, out, locale());
      warn(status, out);
      return 0;
    }
    return watch(slots, out);
  }

  private int watch(ReplicationSlots slots, PrintWriter out) {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "slot-sampler");
      thread.setDaemon(true);
      return thread;
    });
    CountDownLatch remaining = new CountDownLatch(samples);
    try (SlotSampler sampler = new SlotSampler(() -> slots.status(slot), executor,
        Duration.ofSeconds(watchSeconds), samples)) {
      sampler.addListener(new SlotSampleListener() {
        @Override
        public void onSample(SlotSample sample) {
          out.println(sample.at());
          SlotTablePrinter.print(sample.status(), out, locale());
          warn(sample.status(), out);
          remaining.countDown();
        }

        @Override
        public void onError(Exception error) {
          err().println(CliMessage.SLOTS_SAMPLING_FAILED.format(locale(), error.getMessage()));
          remaining.countDown();
        }
      });
      sampler.start();
      remaining.await();
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCode.FAILED;
    } finally {
      executor.shutdownNow();
    }
  }

  /** The warnings the wizard's monitor shows, by the engine's same rules. */
  private void warn(SlotGroupStatus status, PrintWriter out) {
    OptionalLong limit = warnAboveMegabytes == null ? OptionalLong.empty() : OptionalLong.of(warnAboveMegabytes * MEGABYTE);
    Locale locale = locale();
    SlotWarnings.of(status, limit).forEach(warning -> out.println(SlotWarning.LINE.format(locale, warning.text(locale))));
    out.flush();
  }
}
