package dev.cdcwizard.engine.flinkrest;

import dev.cdcwizard.engine.message.MessageKey;

/** What a failed call to a Flink cluster's REST API tells the user, by key in the i18n bundles. */
public enum FlinkRestMessage implements MessageKey {
  NO_CLUSTER("flink.rest.noCluster"),
  JAR_UNREADABLE("flink.rest.jarUnreadable"),
  NOT_FLINK("flink.rest.notFlink"),
  NOTHING_ANSWERS("flink.rest.nothingAnswers"),
  TIMED_OUT("flink.rest.timedOut"),
  UNREACHABLE("flink.rest.unreachable"),
  INTERRUPTED("flink.rest.interrupted"),
  REFUSED("flink.rest.refused"),
  NOT_JSON("flink.rest.notJson"),
  UNSUPPORTED_VERSION("flink.rest.unsupportedVersion"),
  SAVEPOINT_FAILED("flink.rest.savepointFailed"),
  SAVEPOINT_TIMED_OUT("flink.rest.savepointTimedOut"),
  NOT_STARTED("flink.rest.notStarted"),
  NO_LOCAL_JOB("flink.rest.noLocalJob");

  private final String key;

  FlinkRestMessage(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }
}
