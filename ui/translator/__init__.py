"""The toy translator as screen 6 and the walkthrough show it: its sentences, its outputs, the chart rows, and the
alignment heatmap that a snapshot slider scrubs (both draw them; the rest of screen 6 is `screens/translator/`)."""
