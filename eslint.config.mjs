import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next-intl",
              message:
                "Client components translate with @/lib/i18n/client (the same messages, 2 KB lighter); server components use next-intl/server.",
            },
            {
              name: "next/link",
              message: "Use Link from @/components/ui/link: the same in-app navigation without next/link's 3.3 KB (docs/benchmarks.md).",
            },
          ],
        },
      ],
    },
  },
  { ignores: ["lib/generated/**", ".next/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];

export default config;
