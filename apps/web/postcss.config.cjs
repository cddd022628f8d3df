module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
      // a library's own stylesheet (swagger-ui's) may hold `$` text: left as it is; ours must name known variables
      unknown(node, name) {
        if (node.source && node.source.input.file && node.source.input.file.includes('/node_modules/')) return;
        throw node.error(`Undefined variable $${name}`);
      },
    },
  },
};
