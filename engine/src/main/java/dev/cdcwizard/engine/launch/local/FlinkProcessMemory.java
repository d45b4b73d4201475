package dev.cdcwizard.engine.launch.local;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessSpec;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessUtils;
import org.apache.flink.runtime.jobmanager.JobManagerProcessSpec;
import org.apache.flink.runtime.jobmanager.JobManagerProcessUtils;
import org.apache.flink.runtime.util.config.memory.ProcessMemoryUtils;

/**
 * The memory options of the local cluster's JobManager and TaskManager JVMs, computed from its config as
 * flink-dist's scripts have BashJavaUtils compute them, but in this process: two JVM starts fewer, about
 * a second and a half of every cluster start (docs/benchmarks/local-cluster.md).
 */
final class FlinkProcessMemory {
  /** JVM options, then {@code -D key=value} dynamic properties, each as the tokens of a command line. */
  record Options(List<String> jvm, List<String> dynamicProperties) {}

  private FlinkProcessMemory() {}

  static Options jobManager(Path configDir) {
    Configuration configuration = GlobalConfiguration.loadConfiguration(configDir.toString());
    JobManagerProcessSpec spec = JobManagerProcessUtils.processSpecFromConfigWithNewOptionToInterpretLegacyHeap(
        configuration, JobManagerOptions.JVM_HEAP_MEMORY);
    return new Options(tokens(JobManagerProcessUtils.generateJvmParametersStr(spec, configuration)),
        tokens(JobManagerProcessUtils.generateDynamicConfigsStr(spec)));
  }

  static Options taskManager(Path configDir) {
    Configuration configuration = TaskExecutorProcessUtils.getConfigurationMapLegacyTaskManagerHeapSizeToConfigOption(
        GlobalConfiguration.loadConfiguration(configDir.toString()), TaskManagerOptions.TOTAL_FLINK_MEMORY);
    TaskExecutorProcessSpec spec = TaskExecutorProcessUtils.processSpecFromConfig(configuration);
    return new Options(tokens(ProcessMemoryUtils.generateJvmParametersStr(spec)),
        tokens(TaskExecutorProcessUtils.generateDynamicConfigsStr(spec)));
  }

  private static List<String> tokens(String line) {
    return Arrays.stream(line.trim().split("\\s+")).filter(token -> !token.isEmpty()).toList();
  }
}
