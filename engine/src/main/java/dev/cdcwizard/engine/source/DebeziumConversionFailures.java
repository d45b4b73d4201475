package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Debezium 1.9 turns a value its converters cannot convert into NULL: it logs "Failed to properly convert
 * data value" and goes on, a wrong row written quietly where the column allows NULL. Nothing else tells it,
 * so this listens to that log line of Debezium's, in the process that runs the source (Flink's log4j, on a
 * cluster too), and the engine's deserializers stop the job at the next record, before it is written: the
 * record of the failed value was queued after the line was logged. Values the engine knows Debezium cannot
 * convert never get here (its converters and stand-ins); this is for those it does not know yet.
 */
public final class DebeziumConversionFailures {
  private static final String LOGGER = "io.debezium.relational.TableSchemaBuilder";
  private static final Pattern FAILED = Pattern.compile("Failed to properly convert data value for '([^']+)' of type (\\S+)");
  private static final AtomicReference<String> FIRST = new AtomicReference<>();
  private static Listener listener;
  private static int users;

  private DebeziumConversionFailures() {}

  /**
   * Starts listening, if the process logs with log4j, and forgets what an earlier job of this process met.
   * Each call is ended by one of {@link #stopListening}: a cluster's TaskManager outlives the job's classes.
   */
  public static synchronized void listen() {
    if (users++ > 0) {
      return;
    }
    FIRST.set(null);
    if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
      return;
    }
    listener = new Listener();
    listener.start();
    Configuration configuration = context.getConfiguration();
    LoggerConfig logger = configuration.getLoggerConfig(LOGGER);
    if (!logger.getName().equals(LOGGER)) {
      logger = new LoggerConfig(LOGGER, Level.ERROR, true);
      configuration.addLogger(LOGGER, logger);
    }
    logger.addAppender(listener, Level.ERROR, null);
    context.updateLoggers();
  }

  public static synchronized void stopListening() {
    if (users == 0 || --users > 0 || listener == null) {
      return;
    }
    if (LogManager.getContext(false) instanceof LoggerContext context) {
      context.getConfiguration().getLoggerConfig(LOGGER).removeAppender(listener.getName());
      context.updateLoggers();
    }
    listener.stop();
    listener = null;
  }

  /** @throws SuppressRestartsException once Debezium failed to convert a value: a restart meets it again */
  public static void stopIfAny() {
    String failed = FIRST.get();
    if (failed != null) {
      throw new SuppressRestartsException(new PipelineStopException(EngineMessage.FAILURE_VALUE_NOT_CONVERTED, failed));
    }
  }

  static void heard(String message) {
    Matcher matcher = FAILED.matcher(message);
    if (matcher.find()) {
      FIRST.compareAndSet(null, matcher.group(1) + " (" + matcher.group(2) + ")");
    }
  }

  private static final class Listener extends AbstractAppender {
    Listener() {
      super("cdc-wizard-debezium-conversion-failures", null, null, true, Property.EMPTY_ARRAY);
    }

    @Override
    public void append(LogEvent event) {
      if (ofThisJob(Thread.currentThread().getContextClassLoader())) {
        heard(event.getMessage().getFormattedMessage());
      }
    }

    /** Another job on a cluster's TaskManager has a class loader of its own, and a listener of its own. */
    private static boolean ofThisJob(ClassLoader threads) {
      ClassLoader own = DebeziumConversionFailures.class.getClassLoader();
      for (ClassLoader loader = threads; loader != null; loader = loader.getParent()) {
        if (loader == own) {
          return true;
        }
      }
      return threads == null;
    }
  }
}
