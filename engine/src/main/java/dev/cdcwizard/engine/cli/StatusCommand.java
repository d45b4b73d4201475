package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.monitor.JobMonitor;
import java.io.PrintWriter;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code status [--rest URL] [JOB]}: the cluster's jobs, or one job's state, checkpoints and records. */
@Command(name = "status", mixinStandardHelpOptions = true)
final class StatusCommand extends FlinkCommand {
  @Parameters(paramLabel = "JOB", arity = "0..1", descriptionKey = "cli.help.common.jobId")
  String jobId;

  @Override
  int run(PrintWriter out) throws Exception {
    FlinkRestClient client = client();
    if (jobId == null) {
      out.println(CliMessage.STATUS_CLUSTER.format(locale(), client.flinkVersion(), client.restUrl()));
      for (FlinkJobs.JobSummary job : new FlinkJobs(client).list()) {
        out.printf("%s  %-10s %s  %s%n", job.id(), job.state(), Instant.ofEpochMilli(job.startTime()), job.name());
      }
      return 0;
    }
    JobReportPrinter.print(new JobMonitor(client).report(jobId), out, locale());
    return 0;
  }
}
