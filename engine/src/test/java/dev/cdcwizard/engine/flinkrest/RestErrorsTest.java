package dev.cdcwizard.engine.flinkrest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RestErrorsTest {

  @Test
  void takesTheInnermostCauseOfAStackTrace() {
    String trace = """
        org.apache.flink.runtime.rest.handler.RestHandlerException: Could not execute application.
        \tat org.apache.flink.runtime.webmonitor.handlers.JarRunHandler.lambda$handleRequest$1(JarRunHandler.java:114)
        Caused by: org.apache.flink.client.program.ProgramInvocationException: The main method caused an error: boom
        \t... 5 more
        Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user "postgres"
        \tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
        """;
    assertThat(RestErrors.rootCause(trace))
        .isEqualTo("FATAL: password authentication failed for user \"postgres\" (PSQLException)");
  }

  @Test
  void summarizesAnErrorBodyByItsLongestEntry() {
    String body = "{\"errors\":[\"Internal server error.\",\"<Exception on server side:\\n"
        + "java.lang.RuntimeException: outer\\nCaused by: java.io.IOException: disk full\\n\\tat x.y(Z.java:1)\\n>\"]}";
    assertThat(RestErrors.summary(body)).isEqualTo("disk full (IOException)");
  }

  @Test
  void keepsABodyThatIsNotFlinkJson() {
    assertThat(RestErrors.errors("<html>Bad gateway</html>")).containsExactly("<html>Bad gateway</html>");
    assertThat(RestErrors.summary("{\"errors\":[\"Not found: /jars/x/run\"]}")).isEqualTo("Not found: /jars/x/run");
  }
}
