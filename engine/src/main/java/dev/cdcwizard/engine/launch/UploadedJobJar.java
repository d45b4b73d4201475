package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkJobs.UploadedJar;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job jar as a session cluster keeps it: uploaded once under a name that says its content, then run
 * again from there by every later submission, as the Flink Web UI keeps the jars it was given. Uploading
 * the ~150 MB jar took a second of each submission to a local cluster, and far more over a network. A jar
 * of another content uploaded under this scheme more than an hour before (an earlier build) is deleted when
 * a new one is uploaded; the jobs it started keep their own copy in the cluster's blob store. A kept jar
 * deleted (in the Web UI, say) between the listing and the run fails that one submission, which says so;
 * the next uploads it.
 */
final class UploadedJobJar {
  private static final Logger LOG = LoggerFactory.getLogger(UploadedJobJar.class);
  static final String NAME_PREFIX = "cdc-wizard-job-";
  /** Longer than any submission takes, and than the clocks of a client and a cluster are apart. */
  private static final Duration STALE_AFTER = Duration.ofHours(1);

  private final FlinkRestClient client;
  private final FlinkJobs jobs;
  private final Path jobJar;
  private final String name;

  private UploadedJobJar(FlinkRestClient client, Path jobJar, String name) {
    this.client = client;
    this.jobs = new FlinkJobs(client);
    this.jobJar = jobJar;
    this.name = name;
  }

  static UploadedJobJar of(FlinkRestClient client, Path jobJar) throws FlinkRestException {
    try {
      return new UploadedJobJar(client, jobJar, nameOf(jobJar));
    } catch (IOException e) {
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.JAR_UNREADABLE, jobJar, e.getMessage()), "", e);
    }
  }

  /** The name the jar is uploaded under: its content's CRC-32C, so a rebuilt jar is never taken for the kept one. */
  static String nameOf(Path jobJar) throws IOException {
    CRC32C checksum = new CRC32C();
    ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
    try (FileChannel channel = FileChannel.open(jobJar)) {
      while (channel.read(buffer) >= 0) {
        buffer.flip();
        checksum.update(buffer);
        buffer.clear();
      }
      return NAME_PREFIX + channel.size() + "-" + Long.toHexString(checksum.getValue()) + ".jar";
    }
  }

  /** The id of this jar on the cluster: the one kept there, or a new upload. */
  String id() throws FlinkRestException {
    List<UploadedJar> kept = jobs.jars();
    Optional<String> same = kept.stream().filter(jar -> jar.name().equals(name)).map(UploadedJar::id).findFirst();
    if (same.isPresent()) {
      LOG.debug("The cluster keeps the job jar as {}", same.get());
      return same.get();
    }
    String id = client.uploadJar(jobJar, name);
    long now = System.currentTimeMillis();
    for (UploadedJar stale : kept) {
      // one uploaded lately may be another client's, about to run: Flink reads the jar again as it runs it
      if (stale.name().startsWith(NAME_PREFIX) && now - stale.uploaded() > STALE_AFTER.toMillis()) {
        deleteQuietly(stale.id());
      }
    }
    return id;
  }

  private void deleteQuietly(String id) {
    try {
      jobs.deleteJar(id);
    } catch (FlinkRestException e) {
      LOG.debug("Could not delete the earlier job jar {}", id, e);
    }
  }
}
