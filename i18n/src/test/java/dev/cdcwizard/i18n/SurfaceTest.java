package dev.cdcwizard.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SurfaceTest {
  private static final Pattern PHRASE_USE = Pattern.compile("\\{\\$(\\w+)}");

  @Test
  void theWizardOffersItsButtonWhereTheCommandLineNamesItsFlag() {
    Message stop = Message.of("job.stop.tableDropped", "public.orders");

    String wizard = Localization.messages(Locale.ENGLISH, Surface.WIZARD).format(stop);
    String commandLine = Localization.messages(Locale.ENGLISH).format(stop);

    assertThat(wizard).contains("tick Start over on the Launch step").doesNotContain("--fresh", "{$");
    assertThat(commandLine).contains("--fresh").doesNotContain("Launch step", "{$");
  }

  @Test
  void aPhraseTakesTheArgumentsOfTheTextItIsIn() {
    Message stop = Message.of("job.stop.typeWidened", "public.items", "lake.items", "qty", "integer", "bigint");

    assertThat(Localization.messages(Locale.SIMPLIFIED_CHINESE).format(stop))
        .contains("--table lake.items --column qty");
    assertThat(Localization.messages(Locale.SIMPLIFIED_CHINESE, Surface.WIZARD).format(stop))
        .contains("“提升字段类型”").doesNotContain("widen-column");
  }

  @Test
  void aTextWithoutArgumentsGetsItsPhrasesToo() {
    assertThat(Localization.messages(Locale.ENGLISH, Surface.WIZARD).get("maintenance.widenRefusedFix"))
        .endsWith("(tick Start over on the Launch step, then Start the pipeline).");
  }

  @ParameterizedTest
  @ValueSource(strings = {"messages.properties", "messages_zh_CN.properties"})
  void everyPhraseUsedIsWordedForEverySurfaceWithoutApostrophes(String file) throws IOException {
    Properties bundle = load(file);
    Set<String> used = new TreeSet<>();
    for (String key : bundle.stringPropertyNames()) {
      Matcher use = PHRASE_USE.matcher(bundle.getProperty(key));
      while (use.find()) {
        used.add(use.group(1));
      }
    }

    assertThat(used).contains("fresh", "acceptRewrite");
    for (String phrase : used) {
      for (Surface surface : Surface.values()) {
        assertThat(bundle.getProperty(surface.phraseKey(phrase))).as(surface.phraseKey(phrase))
            .isNotBlank().doesNotContain("'", "{$");
      }
    }
    Set<String> defined = new TreeSet<>(bundle.stringPropertyNames());
    defined.removeIf(key -> !key.startsWith("phrase."));
    defined.removeIf(key -> used.contains(key.split("\\.")[1]));
    assertThat(defined).as("phrases no text uses").isEqualTo(Collections.emptySet());
  }

  private static Properties load(String file) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = SurfaceTest.class.getResourceAsStream("/dev/cdcwizard/i18n/" + file)) {
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    return properties;
  }
}
