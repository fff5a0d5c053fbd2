package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DefaultWebPortsTest {
  private static final String BASE = "http://10.0.0.7:";

  private static List<Integer> ports(List<DefaultWebPorts.Guess> guesses) {
    List<Integer> out = new ArrayList<>();
    guesses.forEach(g -> out.add(Integer.valueOf(g.jmx.replaceAll(".*:(\\d+)/jmx$", "$1"))));
    return out;
  }

  @Test
  void afterADefaultComeTheOtherLinesAndTheRoutersAndAfterAChosenPortNone() {
    assertThat(ports(DefaultWebPorts.after(false, 9870, BASE))).containsExactly(50070, 50071);
    assertThat(ports(DefaultWebPorts.after(false, 50070, BASE))).containsExactly(9870, 50071);
    assertThat(ports(DefaultWebPorts.after(true, 9871, BASE))).containsExactly(50470, 50072);
    assertThat(DefaultWebPorts.after(false, 8080, BASE)).isEmpty();
    assertThat(DefaultWebPorts.after(false, 9870, BASE).get(1).whose).isEqualTo("a router's");
  }

  @Test
  void aRouterOnItsDefaultPortIsFoundAndSaidToBeOne() throws Exception {
    List<String> notes = new ArrayList<>();
    List<String> tried = new ArrayList<>();
    String found = DefaultWebPorts.find(BASE + "9870/jmx", DefaultWebPorts.after(false, 9870, BASE),
        "dfs.namenode.http-address", notes, url -> {
          tried.add(url);
          if (!url.contains(":50071/")) {
            throw new ConnectException("Connection refused");
          }
        });
    assertThat(found).isEqualTo(BASE + "50071/jmx");
    assertThat(tried).containsExactly(BASE + "9870/jmx", BASE + "50070/jmx", BASE + "50071/jmx");
    assertThat(notes).containsExactly("a router's default port (" + BASE + "9870/jmx refused)");
  }

  @Test
  void whenNoDefaultAnswersTheOneLineNamesEachAndTheKeyThatGivesTheAddress() {
    assertThatThrownBy(() -> DefaultWebPorts.find(BASE + "9870/jmx",
        DefaultWebPorts.after(false, 9870, BASE), "dfs.namenode.http-address.ns1.nn2",
        new ArrayList<>(), url -> {
          throw new ConnectException("Connection refused");
        }))
        .isInstanceOf(ConnectException.class)
        .hasMessage("none of " + BASE + "9870/jmx, " + BASE + "50070/jmx (the other Hadoop "
            + "line's default), " + BASE + "50071/jmx (a router's default) answered (Connection "
            + "refused): set dfs.namenode.http-address.ns1.nn2 to the NameNode's or router's web "
            + "address (host:port), or -D metabench.namenode.jmx=<its /jmx URL>");
  }

  @Test
  void aServerThatAnswersAtTheFirstAddressIsNotSecondGuessed() throws Exception {
    List<String> notes = new ArrayList<>();
    assertThat(DefaultWebPorts.find(BASE + "9870/jmx", DefaultWebPorts.after(false, 9870, BASE),
        "k", notes, url -> { })).isEqualTo(BASE + "9870/jmx");
    assertThat(notes).isEmpty();
  }
}
