package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.i18n.Message;
import java.net.URI;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chosen cluster's jobs as its REST API lists them, asked through the {@link PipelineLauncher}:
 * what else runs there, and what the wizard's earlier runs left. A cluster that cannot be asked says
 * so next to the list, not in a dialog: it is looked at, not acted on.
 */
public final class ClusterJobList {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterJobList.class);

  private final PipelineLauncher launcher;
  private final Executor executor;
  private final ObservableList<ClusterJob> jobs = FXCollections.observableArrayList();
  private final ObjectProperty<Message> note = new SimpleObjectProperty<>(this, "note");
  private final BooleanProperty answered = new SimpleBooleanProperty(this, "answered");
  private long request;

  ClusterJobList(PipelineLauncher launcher, Executor executor) {
    this.launcher = launcher;
    this.executor = executor;
  }

  /** Asks the cluster of {@code target} again; an answer to an earlier question is dropped. Call on the FX thread. */
  void refresh(LaunchTarget target, URI restUrl) {
    long asked = ++request;
    Tasks.create(() -> launcher.jobs(target, restUrl))
        .onSuccess(listed -> {
          if (asked == request) {
            jobs.setAll(listed.orElse(List.of()));
            answered.set(listed.isPresent());
            note.set(listed.isPresent() ? null : target == LaunchTarget.LOCAL_CLUSTER
                ? Message.of("wizard.launch.jobs.localNotRunning") : null);
          }
        })
        .onError(Exception.class, error -> {
          if (asked == request) {
            LOG.info("The job list of the {} cluster could not be read: {}", target, error.toString());
            jobs.clear();
            answered.set(false);
            note.set(Message.of("wizard.launch.jobs.unreachable"));
          }
        })
        .runOnce(executor);
  }

  void clear() {
    request++;
    answered.set(false);
    jobs.clear();
    note.set(null);
  }

  /** While Start starts the local cluster: it is not running yet, and asking it now would say so. */
  void localClusterStarting() {
    request++;
    answered.set(false);
    jobs.clear();
    note.set(Message.of("wizard.launch.jobs.localStarting"));
  }

  /** Whether a cluster runs there and listed its jobs at the last look. */
  public ReadOnlyBooleanProperty answeredProperty() {
    return answered;
  }

  public ObservableList<ClusterJob> jobs() {
    return jobs;
  }

  /** Why the list is empty or old: the local cluster does not run (yet), or the cluster did not answer; else null. */
  public ObjectProperty<Message> noteProperty() {
    return note;
  }
}
