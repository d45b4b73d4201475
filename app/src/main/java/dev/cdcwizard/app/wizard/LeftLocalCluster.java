package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.launch.PipelineLauncher;
import java.net.URI;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The local Flink cluster as the wizard leaves it: its processes outlive the wizard, with their memory and
 * their jobs, so closing says so when this session chose it. Injected, so that tests of the close prompt
 * need no Flink.
 */
public interface LeftLocalCluster {
  /** Whether this session chose the local cluster, so that closing asks about it; called on the FX thread. */
  boolean chosen();

  /** Its Web UI while its processes run; runs on a background thread. */
  Optional<URI> running() throws Exception;

  /** Stops its processes, and every job on them; runs on a background thread. */
  void stop() throws Exception;

  /** The engine's local cluster, asked about when {@code chosen} says so. */
  static LeftLocalCluster of(PipelineLauncher launcher, BooleanSupplier chosen) {
    return new LeftLocalCluster() {
      @Override
      public boolean chosen() {
        return chosen.getAsBoolean();
      }

      @Override
      public Optional<URI> running() throws Exception {
        return launcher.runningLocalCluster();
      }

      @Override
      public void stop() throws Exception {
        launcher.stopLocalCluster();
      }
    };
  }
}
