package dev.cdcwizard.engine.flinkrest;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.net.URI;
import org.junit.jupiter.api.Test;

class FlinkRestClientTest {

  @Test
  void anUnreachableUrlSaysSoAndWhatToCheck() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    FlinkRestClient client = new FlinkRestClient(URI.create("http://localhost:" + closedPort + "/"));
    assertThatThrownBy(client::requireSupportedVersion)
        .isInstanceOf(FlinkRestException.class)
        .hasMessageContaining("Cannot reach a Flink cluster at http://localhost:" + closedPort)
        .hasMessageContaining("rest.port");
  }

  @Test
  void anUnknownHostSaysSo() {
    FlinkRestClient client = new FlinkRestClient(URI.create("http://no-such-host.invalid:8081"));
    assertThatThrownBy(client::flinkVersion)
        .isInstanceOf(FlinkRestException.class)
        .hasMessageContaining("Cannot reach a Flink cluster at http://no-such-host.invalid:8081");
  }
}
