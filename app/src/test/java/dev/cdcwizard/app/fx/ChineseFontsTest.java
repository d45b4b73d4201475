package dev.cdcwizard.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChineseFontsTest {

  @Test
  void namesTheFirstInstalledFamilyOfEachChain() {
    List<String> linux = List.of("DejaVu Sans", "WenQuanYi Micro Hei", "Noto Sans CJK SC", "Noto Sans Mono CJK SC");

    assertThat(ChineseFonts.stylesheet(linux)).hasValue(
        ".root { -fx-font-family: \"Noto Sans CJK SC\"; -fx-font-size: 13px; }\n"
            + ".sql-preview, .yaml-editor { -fx-font-family: \"Noto Sans Mono CJK SC\"; }\n");
  }

  @Test
  void withoutAChineseMonospaceFontTheYamlKeepsTheSystemsOwn() {
    List<String> windows = List.of("Segoe UI", "Microsoft YaHei", "Microsoft YaHei UI", "Consolas");

    assertThat(ChineseFonts.stylesheet(windows))
        .hasValue(".root { -fx-font-family: \"Microsoft YaHei UI\"; -fx-font-size: 13px; }\n");
  }

  @Test
  void aMachineWithoutAnyOfThemKeepsTheThemesFonts() {
    assertThat(ChineseFonts.stylesheet(List.of("DejaVu Sans", "WenQuanYi Micro Hei"))).isEmpty();
  }
}
