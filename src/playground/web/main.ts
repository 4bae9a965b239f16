/** The playground page's entry: the Slack client, on the page's #app element. */
import { Client } from './client.js';

const root = document.getElementById('app');
if (root) void new Client(root).start();
