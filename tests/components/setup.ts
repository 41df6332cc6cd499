// Every component test runs with the site's stylesheet, so focus rings and contrast are real.
import "../../src/styles/global.css";
